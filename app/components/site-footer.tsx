import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { POLICY_LINKS, type Policy, type PolicySlug } from "~/domain/content-policy-links";
import { Modal } from "./modal";
import { PolicyText } from "./policy-text";
import { LanguageSwitch } from "./language-switch";
import { SocialLinks } from "./social-links";

interface SiteFooterProps {
  supportEmail?: string;
  supportPhone?: string;
}

/** Footer on every page: explore links, the five policies (each opens a modal), contact, social. */
export function SiteFooter({ supportEmail, supportPhone }: SiteFooterProps) {
  const [openSlug, setOpenSlug] = useState<PolicySlug | null>(null);
  const policy = useFetcher<{ policy: Policy }>();
  const open = POLICY_LINKS.find((link) => link.slug === openSlug);
  const loaded = policy.data?.policy.slug === openSlug ? policy.data?.policy : undefined;

  function openPolicy(event: React.MouseEvent<HTMLAnchorElement>, slug: PolicySlug) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpenSlug(slug);
    if (policy.data?.policy.slug !== slug) policy.load(`/policies/${slug}`);
  }

  return (
    <>
      <footer className="site-footer">
        <div className="site-footer__inner">
          <section aria-labelledby="footer-explore">
            <h2 id="footer-explore">Explore</h2>
            <ul>
              <li><Link to="/temples">Temples</Link></li>
              <li><Link to="/priests">Priests</Link></li>
              <li><Link to="/events">Events</Link></li>
              <li><Link to="/news">News</Link></li>
              <li><Link to="/services">Services for temples</Link></li>
              <li><Link to="/jobs">Jobs</Link></li>
            </ul>
          </section>
          <section aria-labelledby="footer-policies">
            <h2 id="footer-policies">Policies</h2>
            <ul>
              {POLICY_LINKS.map((link) => (
                <li key={link.slug}>
                  <a href={`/policies/${link.slug}`} aria-haspopup="dialog" onClick={(e) => openPolicy(e, link.slug)}>
                    {link.title}
                  </a>
                </li>
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
                  Phone: <a href={`tel:${supportPhone.replace(/\s+/g, "")}`}>{supportPhone}</a>
                </>
              ) : null}
              {supportEmail ? (
                <>
                  <br />
                  E-mail: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
                </>
              ) : null}
            </address>
            <SocialLinks phone={supportPhone} />
            <LanguageSwitch placement="footer" />
          </section>
        </div>
        <p className="site-footer__copy">© {new Date().getFullYear()} Sannidhi</p>
      </footer>
      <Modal open={Boolean(open)} onClose={() => setOpenSlug(null)} title={open?.title ?? ""} className="modal--policy">
        {loaded ? <PolicyText policy={loaded} /> : <p role="status">Loading…</p>}
      </Modal>
    </>
  );
}
