import { Link } from "react-router";

const POLICIES = [
  "Terms and Conditions",
  "Disclaimer",
  "Privacy Policy",
  "Cancellation & Refund Policy",
  "Cookie Policy",
];

export function SiteFooter({
  supportEmail,
  supportPhone,
}: {
  supportEmail?: string;
  supportPhone?: string;
}) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-policies">
          <h2 id="footer-policies">Policies</h2>
          <ul>
            {POLICIES.map((policy) => (
              <li key={policy}>{policy}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <address>
            Sannidhi Temple Services
            <br />
            Bengaluru, Karnataka, India
            {supportPhone ? (
              <>
                <br />
                <a href={`tel:${supportPhone.replace(/\s+/g, "")}`}>{supportPhone}</a>
              </>
            ) : null}
            {supportEmail ? (
              <>
                <br />
                <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
              </>
            ) : null}
          </address>
        </section>
        <section aria-labelledby="footer-explore">
          <h2 id="footer-explore">Explore</h2>
          <ul>
            <li><Link to="/temples">Temples</Link></li>
            <li><Link to="/priests">Priests</Link></li>
            <li><Link to="/services">Services for temples</Link></li>
            <li><Link to="/jobs">Jobs</Link></li>
          </ul>
        </section>
      </div>
      <p className="site-footer__copy">© {new Date().getFullYear()} Sannidhi</p>
    </footer>
  );
}
