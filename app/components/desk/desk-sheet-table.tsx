import type { SheetLine } from "~/domain/bookings/desk/performing.server";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { type FormReply, replyFor, rowForm } from "~/web/form-reply";
import { counterReceiptPath } from "./counter-receipt-link";
import { MarkDoneForm, TrackingForm } from "./desk-line-forms";
import { DeskTable } from "./desk-table";
import { VideoUploadForm } from "./desk-video-upload";

/** The day sheet: each puja with its devotee, star and gotra (the sankalpa), done state, video and prasad. */
export function DaySheetTable({
  templeId,
  day,
  lines,
  totals,
  actionData,
}: {
  templeId: number;
  day: string;
  /** The page's lines (a festival day's sheet is paged). */
  lines: SheetLine[];
  /** The whole day's counts: a cancelled counter sale stays listed, marked, but is not a puja to perform. */
  totals: { toPerform: number; done: number };
  actionData?: FormReply;
}) {
  const { done, toPerform } = totals;
  return (
    <DeskTable
      caption={plural(done, m.desk_sheet_caption_one, m.desk_sheet_caption_other)({ day, pujas: toPerform, count: done })}
      headings={[
        m.desk_col_puja(),
        m.desk_col_devotee(),
        m.desk_col_star(),
        m.desk_col_gotra(),
        m.desk_col_qty(),
        m.desk_col_receipt(),
        m.desk_col_status(),
        m.desk_col_video(),
        m.desk_col_prasad_by_post(),
      ]}
    >
      {lines.map((line) => (
        <tr key={line.id}>
          <th scope="row">{line.itemName}</th>
          <td>
            {line.devoteeName}
            {line.channel === "counter" ? (
              <>
                {" "}
                <span className="badge">{m.desk_counter_badge()}</span>
              </>
            ) : null}
            {line.cancelled ? (
              <>
                {" "}
                <span className="badge badge--full">{m.desk_book_cancelled()}</span>
                <span className="field-hint"> {line.cancelReason}</span>
              </>
            ) : null}
          </td>
          <td>{line.starName ?? "—"}</td>
          <td>{line.gotra || "—"}</td>
          <td className="num">{line.quantity}</td>
          <td>
            {line.receiptNo}
            {line.channel === "counter" ? (
              <>
                {" "}
                <a
                  href={counterReceiptPath(templeId, line.trackingNo, "80mm")}
                  aria-label={m.desk_sheet_print_receipt_label({ receiptNo: line.receiptNo })}
                >
                  {m.desk_counter_print_80mm()}
                </a>
              </>
            ) : null}
          </td>
          <td>{line.cancelled ? m.desk_book_cancelled() : <MarkDoneForm line={line} />}</td>
          <td>
            {line.cancelled ? null : (
              <>
                {line.hasVideo ? <span className="badge badge--done">{m.desk_sheet_video_uploaded()}</span> : null}
                <VideoUploadForm
                  templeId={templeId}
                  lineId={line.id}
                  label={m.desk_sheet_line_label({ puja: line.itemName, devotee: line.devoteeName })}
                  hasVideo={line.hasVideo}
                />
              </>
            )}
          </td>
          <td>
            {line.postal ? (
              <>
                <p className="desk-address">{line.address ?? m.desk_address_missing()}</p>
                <TrackingForm line={line} lastResult={replyFor(actionData, rowForm("tracking", line.id))} />
              </>
            ) : (
              "—"
            )}
          </td>
        </tr>
      ))}
    </DeskTable>
  );
}
