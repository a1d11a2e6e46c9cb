import { pagePath } from "~/lib/i18n";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { m } from "~/paraglide/messages";

// The modal (and the image) come when the announcement pops up, never on a page where it does not.
const Modal = lazy(() => import("./modal").then((module) => ({ default: module.Modal })));

export type PopupAnnouncement = {
  id: number;
  header: string;
  body: string;
  imagePath: string | null;
  footerUrl: string | null;
};

/** sessionStorage key: set once the announcement has popped up in this visit. */
export const ANNOUNCEMENT_SEEN_KEY = "sn_announcement_seen";
/** Pages where a visitor is in the middle of a task: the pop-up waits for another page. */
const QUIET_PATHS = /^\/(login|account|profile|checkout|cart)(\/|$)/;

function alreadySeen(): boolean {
  try {
    return sessionStorage.getItem(ANNOUNCEMENT_SEEN_KEY) === "1";
  } catch {
    return false;
  }
}

function markSeen() {
  try {
    sessionStorage.setItem(ANNOUNCEMENT_SEEN_KEY, "1");
  } catch {
    // Storage blocked: it may show again, which is harmless.
  }
}

/** The announcement with display order 999, popped up once per visit on load. */
export function AnnouncementModal({ announcement }: { announcement: PopupAnnouncement | null }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!announcement || QUIET_PATHS.test(pathname) || alreadySeen()) return;
    markSeen();
    setOpen(true);
  }, [announcement, pathname]);

  if (!announcement || !open) return null;
  return (
    <Suspense fallback={null}>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={announcement.header}
        className="modal--announcement"
        footer={
          announcement.footerUrl ? (
            // The spec's visible text; the link's text goes on, for screen readers and search
            // engines, to say where it leads (an aria-label alone leaves crawlers "Click Here").
            <a className="button button--primary" href={pagePath(announcement.footerUrl)}>
              {m.common_announcement_click_here()}
              <span className="visually-hidden"> {m.common_announcement_about({ header: announcement.header })}</span>
            </a>
          ) : null
        }
      >
        {announcement.imagePath ? (
          <img className="modal__image" src={announcement.imagePath} alt="" width="400" height="300" decoding="async" />
        ) : null}
        <p>{announcement.body}</p>
      </Modal>
    </Suspense>
  );
}
