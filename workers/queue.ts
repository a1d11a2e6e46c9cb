/**
 * The Worker's queue consumer (wrangler.toml [[queues.consumers]]): the notifications queue's
 * messages are sent through their channels (app/domain/notifications/delivery.server.ts); the
 * dead-letter queue's, which used every retry, are marked failed. Kinds composed when sent
 * have their composers here, where every area is in reach. A code's message is masked once
 * sent (app/domain/notifications/code-messages.server.ts).
 */
import { createDb } from "~/db/client.server";
import { composeReceipt } from "~/domain/bookings/records/receipt-notice.server";
import { forgetSentCodes } from "~/domain/notifications/code-messages.server";
import { type Composers, deliverNotifications, markDeadLettered } from "~/domain/notifications/delivery.server";
import { readEnv } from "~/lib/env.server";

/** The dead-letter queue's name ends so (wrangler.toml: sannidhi-notifications-dlq). */
const DEAD_LETTERS = /-dlq$/;

const composers: Composers = { receipt: composeReceipt };

export const queue: ExportedHandlerQueueHandler<Env, unknown> = async (batch, env) => {
  const appEnv = readEnv(env);
  const db = createDb(appEnv.bindings.DB);
  if (DEAD_LETTERS.test(batch.queue)) return markDeadLettered(db, batch.messages);
  await deliverNotifications(appEnv, db, batch.messages, composers);
  await forgetSentCodes(
    db,
    batch.messages.flatMap((message) => (typeof message.body === "string" ? [message.body] : [])),
  );
};
