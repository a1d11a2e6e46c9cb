import type { SubmissionResult } from "@conform-to/react";
import type { SheetLine } from "~/domain/desk-bookings.server";
import { MarkDoneForm, TrackingForm } from "./desk-line-forms";
import { VideoUploadForm } from "./desk-video-upload";

export interface LineActionResult {
  lineId: number;
  result: SubmissionResult<string[]>;
}

/** The day sheet: each puja with its devotee and star, done state, video and prasad. */
export function DaySheetTable({ templeId, day, lines, actionData }: { templeId: number; day: string; lines: SheetLine[]; actionData?: LineActionResult }) {
  return (
    <div className="table-scroll">
      <table className="desk-table">
        <caption>
          Pujas to perform on {day}: {lines.length}, {lines.filter((l) => l.done).length} done
        </caption>
        <thead>
          <tr>
            <th scope="col">Puja</th>
            <th scope="col">Devotee</th>
            <th scope="col">Star</th>
            <th scope="col">Qty</th>
            <th scope="col">Receipt</th>
            <th scope="col">Status</th>
            <th scope="col">Video</th>
            <th scope="col">Prasad by post</th>
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
                {line.hasVideo ? <span className="badge badge--done">Video uploaded</span> : null}
                <VideoUploadForm templeId={templeId} lineId={line.id} label={`${line.itemName} for ${line.devoteeName}`} hasVideo={line.hasVideo} />
              </td>
              <td>
                {line.postal ? (
                  <>
                    <p className="desk-address">{line.address ?? "Address missing: contact the devotee"}</p>
                    <TrackingForm line={line} lastResult={actionData?.lineId === line.id ? actionData.result : undefined} />
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
