import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta("Sign in", "Sign in to Sannidhi, or create an account.");

export default function Login() {
  return (
    <section className="page page--narrow" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      <p>Sign in to book pujas, follow your bookings and keep your favourite temples.</p>
    </section>
  );
}
