import { MessageWith } from "~/components/layout/message-with";
import { data } from "react-router";
import { Link } from "~/components/layout/localized";
import { MoreLess } from "~/components/layout/more-less";
import { listCurrentMessages } from "~/domain/content/content.server";
import { longDate, MESSAGE_BODY_LIMIT } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { dbFrom } from "~/lib/db.server";
import { cacheControlHeaders, sharedPageHeaders } from "~/lib/edge-cache/page-headers.server";
import { pageMeta } from "~/lib/meta";
import { stripLocale } from "~/lib/i18n";
import type { Route } from "./+types/route";
import { m } from "~/paraglide/messages";

/** Serves both /events and /news; `?more=<id>` opens one text without JavaScript. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The address without its language (/ml/news is the news).
  const kind = stripLocale(url.pathname).startsWith("/news") ? "news" : "event";
  const more = Number(url.searchParams.get("more")) || null;
  const items = await listCurrentMessages(dbFrom(context), kind, todayInIndia());
  return data({ kind, more, items }, { headers: sharedPageHeaders(request) });
}

export const headers = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data?.kind === "news"
    ? pageMeta(m.pages_news_title(), m.pages_news_meta_description())
    : pageMeta(m.pages_events_title(), m.pages_events_meta_description());

/** "{link} while you wait." around the link, in the order the language puts them. */
function BrowseHint() {
  return (
    <MessageWith message={(link) => m.pages_messages_browse_hint({ link })}>
      <Link to="/temples">{m.pages_messages_browse_temples()}</Link>
    </MessageWith>
  );
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { kind, more, items } = loaderData;
  const title = kind === "news" ? m.pages_news_title() : m.pages_events_title();
  const path = kind === "news" ? "/news" : "/events";
  return (
    <section className="page page--narrow" aria-labelledby="messages-title">
      <h1 id="messages-title">{title}</h1>
      {items.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{m.pages_messages_empty_title()}</p>
          <p>
            {kind === "news" ? m.pages_news_empty() : m.pages_events_empty()} <BrowseHint />
          </p>
        </div>
      ) : (
        <ul className="message-list">
          {items.map((item) => (
            <li key={item.id} id={`message-${item.id}`}>
              <article className="message">
                <h2>{item.header}</h2>
                <p className="message__date">
                  {kind === "news" ? longDate(item.startDate) : `${longDate(item.startDate)} – ${longDate(item.endDate)}`}
                </p>
                <MoreLess
                  text={item.body}
                  limit={MESSAGE_BODY_LIMIT}
                  expanded={more === item.id}
                  moreHref={`${path}?more=${item.id}#message-${item.id}`}
                  lessHref={`${path}#message-${item.id}`}
                  subject={item.header}
                />
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
