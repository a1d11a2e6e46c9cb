import { pageMeta } from "~/lib/meta";

export const meta = () => pageMeta("Jobs", "Work with Sannidhi: temple coordinators, support and engineering.");

export default function Jobs() {
  return (
    <section className="page page--narrow" aria-labelledby="jobs-title">
      <h1 id="jobs-title">Jobs</h1>
      <p>
        We work with temples across India and look for people who know them: temple coordinators,
        devotee support in Indian languages, and engineers.
      </p>
    </section>
  );
}
