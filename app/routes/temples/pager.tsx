import { useLocation } from "react-router";
import { m } from "~/paraglide/messages";
import { Link } from "~/components/layout/localized";
import { pageWindow } from "~/domain/catalog/temples";

/** Paging links that keep the rest of the address, so every page can be shared. */
export function Pager({ page, pageCount }: { page: number; pageCount: number }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  return (
    <nav className="pager" aria-label={m.temples_pager_label()}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {m.temples_pager_previous()}
        </Link>
      ) : null}
      <ul>
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={m.temples_pager_page_of({ page: p, count: pageCount })}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next">
          {m.temples_pager_next()}
        </Link>
      ) : null}
    </nav>
  );
}
