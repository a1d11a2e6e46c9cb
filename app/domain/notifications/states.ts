/** A message's channels and statuses, in the order the console shows them (browser and Worker alike). */
export const MESSAGE_CHANNELS = ["email", "whatsapp", "sms"] as const;
export const MESSAGE_STATUSES = ["queued", "sent", "delivered", "read", "failed"] as const;

export type MessageChannelName = (typeof MESSAGE_CHANNELS)[number];
export type MessageStatusName = (typeof MESSAGE_STATUSES)[number];
export type StatusCounts = Record<MessageStatusName, number>;
