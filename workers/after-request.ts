/**
 * What every request leaves behind, whichever module answered it (a page, a form, the legacy
 * API, a gateway's callback).
 */
import { forgetDevoteeView } from "~/compose/index.server";
import { forgetContentVersion } from "~/lib/edge-cache/versions.server";
import { discardBody } from "~/lib/request-body.server";

/**
 * After a request that may have written (any method but GET and HEAD), what this isolate
 * remembers of D1 (the content version, a temple's seats) is read again, and the devotee's
 * view cookie is dropped so what they just changed shows on the next page. A body nobody read
 * (a refused, forbidden or redirected post) is read to its end and dropped before the answer
 * goes (cancelled past a bound): answering with it unread makes workerd close the connection,
 * and the client can lose the answer to a reset.
 */
export async function afterRequest(request: Request, response: Response): Promise<Response> {
  let answer = response;
  if (request.method !== "GET" && request.method !== "HEAD") {
    forgetContentVersion();
    answer = forgetDevoteeView(request, response);
  }
  await discardBody(request);
  return answer;
}
