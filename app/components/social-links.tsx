import { m } from "~/paraglide/messages";

/** Social links: an image-sharing network, a social network and a messaging-app chat. */
export function SocialLinks({ phone }: { phone?: string }) {
  const chatNumber = phone?.replace(/\D/g, "");
  const links = [
    { label: m.common_social_instagram(), href: "https://www.instagram.com/sannidhi.temples", icon: INSTAGRAM },
    { label: m.common_social_facebook(), href: "https://www.facebook.com/sannidhi.temples", icon: FACEBOOK },
    ...(chatNumber ? [{ label: m.common_social_whatsapp(), href: `https://wa.me/${chatNumber}`, icon: WHATSAPP }] : []),
  ];
  return (
    <ul className="social-links">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} rel="noopener noreferrer" aria-label={link.label} title={link.label}>
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="currentColor">
              <path d={link.icon} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}

const INSTAGRAM =
  "M12 2.2c3.2 0 3.6 0 4.8.1 3.3.2 4.8 1.7 5 5 .1 1.2.1 1.6.1 4.8s0 3.6-.1 4.8c-.2 3.2-1.7 4.8-5 5-1.2.1-1.6.1-4.8.1s-3.6 0-4.8-.1c-3.3-.2-4.8-1.7-5-5C2.2 15.6 2.2 15.2 2.2 12s0-3.6.1-4.8c.2-3.3 1.7-4.8 5-5C8.4 2.2 8.8 2.2 12 2.2zm0 4.9a4.9 4.9 0 100 9.8 4.9 4.9 0 000-9.8zm0 8.1a3.2 3.2 0 110-6.4 3.2 3.2 0 010 6.4zm5.1-9.4a1.2 1.2 0 100 2.3 1.2 1.2 0 000-2.3z";
const FACEBOOK =
  "M22 12a10 10 0 10-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.3c-1.2 0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.3v7A10 10 0 0022 12z";
const WHATSAPP =
  "M12 2a10 10 0 00-8.6 15.1L2 22l5-1.3A10 10 0 1012 2zm0 18.2a8.2 8.2 0 01-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1112 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 01-3.3-2.9c-.3-.4.2-.4.7-1.4.1-.2 0-.3 0-.5l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 00-.7.3 2.9 2.9 0 00-.9 2.2 5 5 0 001 2.7 11.5 11.5 0 004.4 3.9c1.6.7 2.3.8 3.1.6a2.7 2.7 0 001.8-1.3 2.2 2.2 0 00.2-1.3c-.1-.1-.3-.2-.5-.3z";
