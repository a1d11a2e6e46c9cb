import { pagePath } from "~/lib/i18n";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useMatches } from "react-router";
import { m } from "~/paraglide/messages";
import { ANNOUNCEMENT_ROUTES } from "./announcement-routes";
import { useToastShowing } from "./toaster";

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

/**
 * The announcement with display order 999, popped up once per visit: on the first start
 * page (ANNOUNCEMENT_ROUTES) the visitor arrives at with no toast on the screen. A page
 * that comes with a toast ("Welcome …") keeps it in view: the pop-up waits for the next
 * page, not for the toast to go (it would then cover whatever the visitor had started).
 */
export function AnnouncementModal({ announcement }: { announcement: PopupAnnouncement | null }) {
  const [open, setOpen] = useState(false);
  const { key } = useLocation();
  const page = useMatches().at(-1)?.id;
  const toastShowing = useToastShowing();
  const mayPopUp = Boolean(announcement) && page !== undefined && ANNOUNCEMENT_ROUTES.has(page) && !toastShowing;

  // Decided when a page is shown (its location key), with what that page shows.
  useEffect(() => {
    if (!mayPopUp || alreadySeen()) return;
    markSeen();
    setOpen(true);
  }, [key]);

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
