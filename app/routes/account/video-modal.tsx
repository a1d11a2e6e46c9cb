import { useState } from "react";
import { m } from "~/paraglide/messages";
import { Modal } from "../../components/layout/modal";
import { useHydrated } from "../../components/layout/use-hydrated";

/**
 * The puja video's View button: a modal with a <video> streamed (and seekable) from
 * the Worker. Without JavaScript it is a plain link to the video.
 */
export function VideoButton({ url, title }: { url: string; title: string }) {
  const scripted = useHydrated();
  const [open, setOpen] = useState(false);
  if (!scripted) {
    return (
      <a className="button button--small" href={url} aria-label={m.bookings_view_video_named({ title })}>
        {m.bookings_view()}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-label={m.bookings_view_video_named({ title })}
        onClick={() => setOpen(true)}
      >
        {m.bookings_view()}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={title} className="video-modal">
        {open ? (
          <video className="video-modal__player" controls autoPlay playsInline preload="metadata" src={url} width={640} height={360}>
            <a href={url}>{m.bookings_download_video()}</a>
          </video>
        ) : null}
      </Modal>
    </>
  );
}
