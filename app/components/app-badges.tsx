/** The mobile apps' store badges (local SVGs, no third-party requests). */
const BADGES = [
  {
    href: "https://play.google.com/store/apps/details?id=in.sannidhi.app",
    src: "/images/badges/google-play.svg",
    width: 135,
    label: "Get the Sannidhi app on Google Play",
  },
  {
    href: "https://apps.apple.com/in/app/sannidhi/id6450000000",
    src: "/images/badges/app-store.svg",
    width: 120,
    label: "Download the Sannidhi app on the App Store",
  },
];

export function AppBadges({ className }: { className?: string }) {
  return (
    <ul className={className ? `app-badges ${className}` : "app-badges"} aria-label="Mobile apps">
      {BADGES.map((badge) => (
        <li key={badge.src}>
          <a href={badge.href} rel="noopener noreferrer">
            <img src={badge.src} alt={badge.label} width={badge.width} height="40" />
          </a>
        </li>
      ))}
    </ul>
  );
}
