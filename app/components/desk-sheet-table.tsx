import type { SheetLine } from "~/domain/desk-bookings.server";
import { m } from "~/paraglide/messages";
import { type FormReply, replyFor, rowForm } from "~/web/form-reply";
import { MarkDoneForm, TrackingForm } from "./desk-line-forms";
import { VideoUploadForm } from "./desk-video-upload";

/** The day sheet: each puja with its devotee and star, done state, video and prasad. */
export function DaySheetTable({ templeId, day, lines, actionData }: { templeId: number; day: string; lines: SheetLine[]; actionData?: FormReply }) {
  return (
    <div className="table-scroll">
      <table className="desk-table">
        <caption>
          {m.desk_sheet_caption({ day, count: lines.length, done: lines.filter((l) => l.done).length })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{m.desk_col_puja()}</th>
            <th scope="col">{m.desk_col_devotee()}</th>
            <th scope="col">{m.desk_col_star()}</th>
            <th scope="col">{m.desk_col_qty()}</th>
            <th scope="col">{m.desk_col_receipt()}</th>
            <th scope="col">{m.desk_col_status()}</th>
            <th scope="col">{m.desk_col_video()}</th>
            <th scope="col">{m.desk_col_prasad_by_post()}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">{line.itemName}</th>
              <td>{line.devoteeName}</td>
              <td>{line.starName ?? "—"}</td>
              <td className="num">{line.quantity}</td>
              <td>{line.receiptNo}</td>
              <td>
                <MarkDoneForm line={line} />
              </td>
              <td>
                {line.hasVideo ? <span className="badge badge--done">{m.desk_sheet_video_uploaded()}</span> : null}
                <VideoUploadForm templeId={templeId} lineId={line.id} label={m.desk_sheet_line_label({ puja: line.itemName, devotee: line.devoteeName })} hasVideo={line.hasVideo} />
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
        </tbody>
      </table>
    </div>
  );
}
