import { useEffect, useId, useRef, useState } from "react";
import { m } from "~/paraglide/messages";

interface CarouselProps {
  label: string;
  /** Each slide is a list of items laid out as the slide's class says. */
  slides: React.ReactNode[][];
  className?: string;
  slideClassName?: (index: number) => string | undefined;
}

/**
 * A carousel that never moves by itself (WAI-ARIA APG carousel, tabbed controls left
 * out): slides sit in a scroll-snap track, so touch users swipe, keyboard users tab to a
 * card (the track scrolls to it) or use the previous/next buttons, and without
 * JavaScript the track still scrolls.
 */
export function Carousel({ label, slides, className, slideClassName }: CarouselProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const trackId = useId();
  const count = slides.length;

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const width = track.clientWidth || 1;
        setIndex(Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / width))));
      });
    };
    track.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      track.removeEventListener("scroll", onScroll);
    };
  }, [count]);

  function go(to: number) {
    const track = trackRef.current;
    if (!track) return;
    const target = Math.min(count - 1, Math.max(0, to));
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    track.scrollTo({ left: target * track.clientWidth, behavior: reduce ? "auto" : "smooth" });
    setIndex(target);
  }

  return (
    <section className={className ? `carousel ${className}` : "carousel"} aria-roledescription={m.home_carousel_role()} aria-label={label}>
      {count > 1 ? (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button"
            aria-controls={trackId}
            aria-label={m.home_carousel_previous()}
            disabled={index === 0}
            onClick={() => go(index - 1)}
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
              <path d="M12.5 4l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
          <span className="carousel__position" aria-live="polite">
            {index + 1} / {count}
          </span>
          <button
            type="button"
            className="carousel__button"
            aria-controls={trackId}
            aria-label={m.home_carousel_next()}
            disabled={index >= count - 1}
            onClick={() => go(index + 1)}
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
              <path d="M7.5 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
      ) : null}
      <div className="carousel__track" id={trackId} ref={trackRef}>
        {slides.map((items, slide) => (
          <div
            key={slide}
            className={["carousel__slide", slideClassName?.(slide)].filter(Boolean).join(" ")}
            role="group"
            aria-roledescription={m.home_carousel_slide_role()}
            aria-label={m.home_carousel_slide({ slide: slide + 1, count })}
          >
            <ul className="carousel__items">
              {items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

/** Splits items into slides of `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const slides: T[][] = [];
  for (let i = 0; i < items.length; i += size) slides.push(items.slice(i, i + size));
  return slides;
}
