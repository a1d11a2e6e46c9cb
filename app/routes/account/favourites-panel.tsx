import { pagePath } from "~/lib/i18n";
import { Form, Link } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import type { FavouritesTabData } from "~/domain/accounts/favourites.server";
import { templeSiteHref } from "~/domain/catalog/temple-site";

const BACK = "/account?tab=favourites";

/** Favourites: 'Choose a Temple' and Add, then a grid of the favourite temples with a remove icon. */
export function FavouritesContent({ data }: { data: FavouritesTabData }) {
  return (
    <div className="favourites">
      <Form method="post" action="/favourites" className="favourites__add" aria-label={m.account_favourites_add_label()}>
        <input type="hidden" name="redirectTo" value={BACK} />
        <label htmlFor="favourite-temple" className="visually-hidden">
          {m.account_temple()}
        </label>
        <select id="favourite-temple" name="templeId" required defaultValue="">
          <option value="" disabled>
            {m.account_choose_temple()}
          </option>
          {data.choices.map((temple) => (
            <option key={temple.id} value={temple.id}>
              {temple.name}
            </option>
          ))}
        </select>
        <button type="submit" name="intent" value="add" className="button button--primary">
          {m.account_add()}
        </button>
      </Form>
      {data.favourites.length === 0 ? (
        <div className="empty-state">
          <p>{m.account_favourites_empty_choose()}</p>
          <Link className="button" to="/temples">
            {m.account_browse_temples()}
          </Link>
        </div>
      ) : (
        <ul className="favourites__grid">
          {data.favourites.map((temple) => {
            const href = templeSiteHref(temple);
            return (
              <li key={temple.templeId} className="favourite">
                <img src={temple.imageUrl} alt="" width={400} height={300} loading="lazy" decoding="async" />
                {href?.startsWith("/") ? (
                  <Link className="favourite__name" to={href}>
                    {temple.displayName}
                  </Link>
                ) : href ? (
                  <a className="favourite__name" href={pagePath(href)} rel="noopener">
                    {temple.displayName}
                  </a>
                ) : (
                  <span className="favourite__name">{temple.displayName}</span>
                )}
                <Form method="post" action="/favourites" className="favourite__remove">
                  <input type="hidden" name="templeId" value={temple.templeId} />
                  <input type="hidden" name="redirectTo" value={BACK} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    aria-label={m.account_favourite_remove_label({ templeName: temple.displayName })}
                    title={m.account_remove()}
                  >
                    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20">
                      <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                    </svg>
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
