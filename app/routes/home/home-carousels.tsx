import { deityLabel, deityTitle } from "~/domain/catalog/temples";
import { m } from "~/paraglide/messages";
import { Card } from "../../components/layout/card";
import { Carousel, chunk } from "./carousel";

type Deity = { id: number; name: string; imagePath: string };
type Package = { id: number; name: string; homePageShortDesc: string; imagePath: string };

/** Spec section 9: 4 deities per slide on desktop; on mobile one, then seven. */
export const DEITIES_PER_SLIDE = 4;
export const PACKAGES_PER_SLIDE = 4;

function DeityCard({ deity, priority }: { deity: Deity; priority: boolean }) {
  return (
    <Card
      priority={priority}
      title={deityTitle(deity.name)}
      href={`/temples/deity/${encodeURIComponent(deityLabel(deity.name))}/${deity.id}`}
      imageUrl={deity.imagePath}
      className="deity-card"
    />
  );
}

/**
 * Deities, twice: a desktop carousel of 4 per slide and a mobile one whose first slide
 * holds one deity and the second the other seven. CSS shows one of them.
 */
export function DeityCarousels({ deities }: { deities: Deity[] }) {
  // The first deity's picture is the home page's largest image above the fold (its LCP).
  const cards = deities.map((deity, index) => <DeityCard key={deity.id} deity={deity} priority={index === 0} />);
  const mobileSlides = cards.length > 1 ? [cards.slice(0, 1), cards.slice(1)] : [cards];
  return (
    <>
      <Carousel label={m.home_deities_title()} slides={chunk(cards, DEITIES_PER_SLIDE)} className="carousel--desktop" />
      <Carousel
        label={m.home_deities_title()}
        slides={mobileSlides}
        className="carousel--mobile"
        slideClassName={(index) => (index === 0 ? "carousel__slide--single" : "carousel__slide--compact")}
      />
    </>
  );
}

/** Puja packages, 4 per slide; each card goes to the package's page on the packages site. */
export function PackageCarousel({ packages, origin }: { packages: Package[]; origin: string }) {
  const cards = packages.map((pkg) => (
    <Card
      key={pkg.id}
      title={pkg.name}
      href={`${origin}/page_details?packageId=${pkg.id}`}
      external
      imageUrl={pkg.imagePath}
      className="package-card"
    >
      <p className="card__text">{pkg.homePageShortDesc}</p>
    </Card>
  ));
  return <Carousel label={m.home_packages_title()} slides={chunk(cards, PACKAGES_PER_SLIDE)} className="carousel--packages" />;
}
