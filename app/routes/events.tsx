import { listCurrentMessages } from "~/domain/content.server";
import { isTruncated, longDate, MESSAGE_BODY_LIMIT, todayInIndia, truncate } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/events";

/** Serves both /events and /news: the route id says which. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const kind = new URL(request.url).pathname.startsWith("/news") ? "news" : "event";
  const items = await listCurrentMessages(dbFrom(context), kind, todayInIndia());
  return { kind, items };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data?.kind === "news"
    ? pageMeta("News", "News from temples on Sannidhi.")
    : pageMeta("Events", "Festivals and events at temples on Sannidhi.");

export default function Events({ loaderData }: Route.ComponentProps) {
  const { kind, items } = loaderData;
  const title = kind === "news" ? "News" : "Events";
  return (
    <section className="page page--narrow" aria-labelledby="messages-title">
      <h1 id="messages-title">{title}</h1>
      {items.length === 0 ? (
        <p className="empty-state">No news</p>
      ) : (
        <ul className="message-list">
          {items.map((item) => (
            <li key={item.id}>
              <article className="message">
                <h2>{item.header}</h2>
                <p className="message__date">
                  {kind === "news" ? longDate(item.startDate) : `${longDate(item.startDate)} – ${longDate(item.endDate)}`}
                </p>
                {isTruncated(item.body, MESSAGE_BODY_LIMIT) ? (
                  <details className="more-less">
                    <summary>
                      <span className="more-less__short">{truncate(item.body, MESSAGE_BODY_LIMIT)}</span>
                      <span className="more-less__toggle">More</span>
                    </summary>
                    <p>{item.body}</p>
                  </details>
                ) : (
                  <p>{item.body}</p>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
