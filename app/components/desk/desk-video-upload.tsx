import { useRef, useState } from "react";
import { href, useLocation, useRevalidator } from "react-router";
import { DESK_MESSAGES as M, isVideoType, UPLOAD_PART_SIZE } from "~/domain/bookings/desk/desk-inputs";
import { isVideoContent, SIGNATURE_BYTES } from "~/lib/media-signatures";
import { pagePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { useToast } from "../layout/toaster";

async function postJson<T>(url: string, body: BodyInit, contentType: string): Promise<T> {
  const response = await fetch(url, { method: "POST", body, headers: { "Content-Type": contentType } });
  const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new Error(answer.error ?? M.videoFailed);
  return answer;
}

/** Sends the file to R2 in parts: create, one POST per part, complete (abort on failure). */
async function uploadInParts(url: string, file: File, onProgress: (fraction: number) => void) {
  const { key, uploadId } = await postJson<{ key: string; uploadId: string }>(
    `${url}?step=create`,
    JSON.stringify({ type: file.type }),
    "application/json",
  );
  const parts: { partNumber: number; etag: string }[] = [];
  try {
    for (let offset = 0, partNumber = 1; offset < file.size; offset += UPLOAD_PART_SIZE, partNumber++) {
      const query = new URLSearchParams({ step: "part", key, uploadId, partNumber: String(partNumber) });
      parts.push(await postJson(`${url}?${query}`, file.slice(offset, offset + UPLOAD_PART_SIZE), "application/octet-stream"));
      onProgress(Math.min(1, (offset + UPLOAD_PART_SIZE) / file.size));
    }
    return await postJson<{ message: string }>(`${url}?step=complete`, JSON.stringify({ key, uploadId, parts }), "application/json");
  } catch (error) {
    await postJson(`${url}?step=abort`, JSON.stringify({ key, uploadId }), "application/json").catch(() => undefined);
    throw error;
  }
}

/**
 * A puja's video. Without JavaScript the form posts the file in one request (small files);
 * with it, the file goes up in 8 MiB parts with a progress bar, so size is no limit.
 */
export function VideoUploadForm({
  templeId,
  lineId,
  label,
  hasVideo,
}: {
  templeId: number;
  lineId: number;
  label: string;
  hasVideo: boolean;
}) {
  // In the page's language, so what the server answers (refusals, toasts) speaks it too.
  const url = pagePath(href("/:lang?/desk/:templeId/lines/:lineId/video", { templeId: String(templeId), lineId: String(lineId) }));
  const location = useLocation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = `video-${lineId}`;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file || !isVideoType(file.type)) return setError(M.videoType);
    // The server checks again; this spares sending a wrong file before hearing so.
    if (!isVideoContent(file.type, new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()))) return setError(M.videoContent);
    setError(null);
    setProgress(0);
    try {
      const done = await uploadInParts(url, file, setProgress);
      toast({ type: "success", message: done.message });
      if (input.current) input.current.value = "";
      await revalidator.revalidate();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : M.videoFailed);
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <form
      method="post"
      action={url}
      encType="multipart/form-data"
      className="desk-inline-form"
      onSubmit={onSubmit}
      aria-label={m.desk_video_form_aria({ label })}
    >
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor={inputId}>{hasVideo ? m.desk_video_replace() : m.desk_video_file()}</label>
      <input
        ref={input}
        id={inputId}
        type="file"
        name="video"
        accept="video/mp4,video/webm,video/quicktime"
        required
        aria-describedby={`${inputId}-error`}
      />
      <button type="submit" className="button button--small" disabled={busy} aria-busy={busy || undefined}>
        {busy ? m.desk_video_uploading() : m.desk_video_upload()}
      </button>
      {busy ? <progress max={1} value={progress ?? 0} aria-label={m.desk_video_progress_aria({ label })} /> : null}
      <div id={`${inputId}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error}
      </div>
    </form>
  );
}
