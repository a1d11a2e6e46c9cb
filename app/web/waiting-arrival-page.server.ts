/**
 * The waiting page as a devotee arrives, without React (workers/waiting-room.ts answers it before
 * React Router): the same page the route draws (app/routes/temple-wait), in the devotee's language,
 * with the site's one style sheet and the header's brand and sections; their place in a live
 * region, refreshed without JavaScript by the room's own small page and with it by a few lines
 * of script that ask the room's status (the same JSON the route's live updates read). A burst of
 * arrivals costs the Worker a session read, the room and a string, never a render.
 */
import { navLinks } from "~/lib/nav-links";
import type { RoomConfig, RoomView } from "~/domain/bookings/seats/waiting-room";
import { formatCount, longDate } from "~/domain/text";
import { indiaDateTime } from "~/lib/india-time";
import { type Locale, localizePath, plural } from "~/lib/i18n";
import { SITE_NAME } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import siteCss from "~/styles/site.css?url";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export interface ArrivalPage {
  locale: Locale;
  nonce: string;
  temple: { slug: string; name: string };
  view: RoomView;
  release: Pick<RoomConfig, "admission" | "admitPerMinute" | "passMinutes" | "opening">;
  /** The room's JSON status for the script, and its own page for browsers without one. */
  status: string;
  statusPage: string;
  refresh: number;
  /** Seconds before the script first asks the status: what the room's `retryAfter` says for this place (later the further back). */
  after: number;
}

/** The messages the page's lines are made of, in the page's language; placeholders left as `{name}` for the script. */
function lineTexts(release: ArrivalPage["release"]) {
  const opens = indiaDateTime(release.opening);
  const when = { date: longDate(opens.day), time: opens.time };
  return {
    opensAt: m.bookings_wait_opens_at({ ...when, rate: formatCount(release.admitPerMinute) }),
    drawAt: m.bookings_wait_draw_at(when),
    registered: m.bookings_wait_registered(),
    registeredCount: m.bookings_wait_registered_count({ count: "{count}" }),
    place: m.bookings_wait_place({ place: "{place}" }),
    ahead: m.bookings_wait_ahead({ count: "{count}" }),
    soon: m.bookings_wait_estimate_soon(),
    one: m.bookings_wait_estimate_one({ minutes: "{minutes}" }),
    other: m.bookings_wait_estimate_other({ minutes: "{minutes}" }),
  };
}

/**
 * The page's script (nonce'd inline, CSP): asks the room's status when it says, redraws the
 * lines from `texts` as the server draws them, and loads the page again when the devotee's turn
 * (or anything but waiting) comes, as the route's `useLiveRoom` does.
 */
const LIVE_SCRIPT = `(function(){
var d=JSON.parse(document.getElementById("wait-live").textContent),t=d.texts,n=new Intl.NumberFormat("en-IN");
var box=document.getElementById("wait-lines");
function f(s,k,v){return s.split("{"+k+"}").join(n.format(v));}
function est(x){if(x==null)return null;var mm=Math.ceil(x/60);return mm<=1?t.soon:f(mm===1?t.one:t.other,"minutes",mm);}
function lines(v){
if(v.state==="waiting")return[[f(t.place,"place",v.place),1],[f(t.ahead,"count",v.ahead)],[est(v.estimateSeconds)]];
if(v.place!=null)return[[t.opensAt],[f(t.place,"place",v.place),1],[est(v.estimateSeconds)]];
return[[t.registered,1],[t.drawAt],[f(t.registeredCount,"count",v.registered)]];}
function draw(v){var all=lines(v),i,p,out=[];for(i=0;i<all.length;i++){if(all[i][0]==null)continue;p=document.createElement("p");
p.textContent=all[i][0];if(all[i][1])p.className="waiting-room__place";out.push(p);}
box.replaceChildren.apply(box,out);}
function ask(){fetch(d.status,{headers:{Accept:"application/json"}}).then(function(r){return r.ok?r.json():null;},function(){return null;})
.then(function(v){if(v&&v.state!=="lobby"&&v.state!=="waiting"&&v.state!==d.state){location.reload();return;}
if(v&&(v.state==="lobby"||v.state==="waiting"))draw(v);setTimeout(ask,Math.max(d.seconds,(v&&v.retryAfter)||d.seconds)*1000);});}
setTimeout(ask,Math.max(d.seconds,d.after||0)*1000);})();`;

function estimate(seconds: number | null): string[] {
  if (seconds === null) return [];
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return [m.bookings_wait_estimate_soon()];
  return [plural(minutes, m.bookings_wait_estimate_one, m.bookings_wait_estimate_other)({ minutes: formatCount(minutes) })];
}

/** The status lines as the route's `RoomStatus` draws them: [text, is the place]. */
function statusLines(view: RoomView, texts: ReturnType<typeof lineTexts>): [string, boolean][] {
  const line = (text: string): [string, boolean] => [text, false];
  switch (view.state) {
    case "lobby":
      if (view.place === null)
        return [
          [texts.registered, true],
          line(texts.drawAt),
          line(m.bookings_wait_registered_count({ count: formatCount(view.registered) })),
        ];
      return [
        line(texts.opensAt),
        [m.bookings_wait_place({ place: formatCount(view.place) }), true],
        ...estimate(view.estimateSeconds).map(line),
      ];
    case "waiting":
      return [
        [m.bookings_wait_place({ place: formatCount(view.place) }), true],
        line(m.bookings_wait_ahead({ count: formatCount(view.ahead) })),
        ...estimate(view.estimateSeconds).map(line),
      ];
    case "full":
      return [
        [m.bookings_wait_place({ place: formatCount(view.place) }), true],
        line(m.bookings_wait_full({ time: indiaDateTime(view.until).time })),
      ];
    case "expired":
      return [line(m.bookings_wait_expired({ time: indiaDateTime(view.rushEnds).time }))];
    default:
      return [[m.bookings_wait_moving_on(), true]];
  }
}

/** The header's brand and sections, as the site header draws them for a page without JavaScript. */
function header(locale: Locale): string {
  const links = navLinks()
    .map((link) => `<li><a href="${escapeHtml(localizePath(link.to, locale))}">${escapeHtml(link.label)}</a></li>`)
    .join("");
  return `<header class="site-header"><div class="site-header__inner">
<a href="${localizePath("/", locale)}" class="brand" aria-label="${escapeHtml(m.common_brand_home_label())}">
<img src="/favicon.svg" width="32" height="32" alt=""><span>${SITE_NAME}</span></a>
<nav aria-label="${escapeHtml(m.common_nav_main_label())}" class="site-nav site-nav--desktop"><ul>${links}</ul></nav></div></header>`;
}

/** The page (call inside the devotee's language). */
export function waitingArrivalPage(page: ArrivalPage): string {
  const { locale, nonce, temple, view, release, refresh } = page;
  const texts = lineTexts(release);
  const lines = statusLines(view, texts)
    .map(([text, isPlace]) => (isPlace ? `<p class="waiting-room__place">${escapeHtml(text)}</p>` : `<p>${escapeHtml(text)}</p>`))
    .join("");
  const site = localizePath(`/t/${encodeURIComponent(temple.slug)}`, locale);
  const title = `${m.bookings_wait_meta_title({ temple: temple.name })} | ${SITE_NAME}`;
  const next = plural(release.passMinutes, m.bookings_wait_next_one, m.bookings_wait_next_other)({ minutes: release.passMinutes });
  const refreshes = plural(refresh, m.bookings_wait_refreshes_one, m.bookings_wait_refreshes_other)({ seconds: refresh });
  // JSON inside a script element: "<" escaped so no text can close it.
  const live = JSON.stringify({ state: view.state, status: page.status, seconds: 3, after: page.after, texts }).replace(/</g, "\\u003c");
  return `<!DOCTYPE html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#7a1f1f"><link rel="stylesheet" href="${siteCss}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)}</title><meta name="robots" content="noindex"></head>
<body><a class="skip-link" href="#main">${escapeHtml(m.common_skip_to_content())}</a>
${header(locale)}
<main id="main" tabindex="-1"><article class="page page--narrow waiting-room" aria-labelledby="wait-title">
<noscript><meta http-equiv="refresh" content="${refresh};url=${escapeHtml(page.statusPage)}"></noscript>
<h1 id="wait-title">${escapeHtml(m.bookings_wait_title())}</h1>
<p class="waiting-room__temple">${escapeHtml(temple.name)}</p>
<section class="waiting-room__status" aria-live="polite" aria-labelledby="wait-status-title">
<h2 id="wait-status-title" class="visually-hidden">${escapeHtml(m.bookings_wait_status())}</h2><div id="wait-lines">${lines}</div></section>
<p>${escapeHtml(next)}</p>
<p class="field-hint">${escapeHtml(refreshes)}</p>
<p><a href="${escapeHtml(site)}">${escapeHtml(m.bookings_wait_back({ temple: temple.name }))}</a></p>
</article></main>
<script type="application/json" id="wait-live">${live}</script>
<script nonce="${nonce}">${LIVE_SCRIPT}</script></body></html>`;
}
