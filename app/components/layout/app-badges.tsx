import { m } from "~/paraglide/messages";

/** The mobile apps' store badges (local SVGs, no third-party requests); labels in the page's language. */
const BADGES = [
  {
    href: "https://play.google.com/store/apps/details?id=in.sannidhi.app",
    src: "/images/badges/google-play.svg",
    width: 135,
    get label() {
      return m.common_app_badge_google_play();
    },
  },
  {
    href: "https://apps.apple.com/in/app/sannidhi/id6450000000",
    src: "/images/badges/app-store.svg",
    width: 120,
    get label() {
      return m.common_app_badge_app_store();
    },
  },
];

export function AppBadges({ className }: { className?: string }) {
  return (
    <ul className={className ? `app-badges ${className}` : "app-badges"} aria-label={m.common_app_badges_label()}>
      {BADGES.map((badge) => (
        <li key={badge.src}>
          <a href={badge.href} rel="noopener noreferrer">
            {/* Low priority: not preloaded ahead of the style sheet (React preloads eager images). */}
            <img src={badge.src} alt={badge.label} width={badge.width} height="40" fetchPriority="low" />
          </a>
        </li>
      ))}
    </ul>
  );
}
