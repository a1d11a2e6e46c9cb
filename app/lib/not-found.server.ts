/**
 * The one way a loader or action says "not found": `throw notFound()`. A page renders the
 * shared not-found screen with status 404; a resource route (PDF, video, CSV, image, JSON)
 * passes the Response through as it is: a bare 404, the same one the desk and console
 * guards answer for a temple that is not yours (`data(null, …)` there would be JSON `null`).
 */
export function notFound(): Response {
  return new Response(null, { status: 404 });
}
