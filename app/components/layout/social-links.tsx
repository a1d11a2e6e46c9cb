import { m } from "~/paraglide/messages";

/** The icons, drawn in the link's colour (`currentColor`): a static file, cached, not in every page's script. */
const SPRITE = "/images/social-icons.svg";

/** Social links: an image-sharing network, a social network and a messaging-app chat. */
export function SocialLinks({ phone }: { phone?: string }) {
  const chatNumber = phone?.replace(/\D/g, "");
  const links = [
    { label: m.common_social_instagram(), href: "https://www.instagram.com/sannidhi.temples", icon: "instagram" },
    { label: m.common_social_facebook(), href: "https://www.facebook.com/sannidhi.temples", icon: "facebook" },
    ...(chatNumber ? [{ label: m.common_social_whatsapp(), href: `https://wa.me/${chatNumber}`, icon: "whatsapp" }] : []),
  ];
  return (
    <ul className="social-links">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} rel="noopener noreferrer" aria-label={link.label} title={link.label}>
            <svg aria-hidden="true" width="24" height="24">
              <use href={`${SPRITE}#${link.icon}`} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
