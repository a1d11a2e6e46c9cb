import { useNavigate } from "react-router";

/**
 * Submits a GET form as a tidy, shareable address: empty fields are left out
 * (e.g. /priests?priest=Hari instead of /priests?puja=&temple=&priest=Hari).
 * Without JavaScript the browser submits the form as it is, which works the same.
 */
export function useCleanGetSubmit() {
  const navigate = useNavigate();
  return (form: HTMLFormElement, options: { preventScrollReset?: boolean } = {}) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value !== "") params.append(name, value);
    }
    const path = new URL(form.action, window.location.href).pathname;
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path, options);
  };
}
