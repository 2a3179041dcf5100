/**
 * The catalogue of Socket.IO events, server -> client. Client, server and workers import these
 * names and payload types so that no side can disagree about a shape.
 */
export const SocketEvents = {
  leadAssigned: 'lead:assigned',
  leadUpdated: 'lead:updated',
  notificationNew: 'notification:new',
  notificationCount: 'notification:count',
  postCreated: 'post:created',
  postLiked: 'post:liked',
  postCommented: 'post:commented',
  callState: 'call:state',
  queueUpdated: 'queue:updated',
  teamActivity: 'team:activity',
  earningsUpdated: 'earnings:updated',
  importProgress: 'import:progress',
  systemPong: 'system:pong',
} as const;

export type SocketEventName = (typeof SocketEvents)[keyof typeof SocketEvents];

/** Rooms a socket may be in. Joining is decided on the server from the verified token only. */
export const Rooms = {
  user: (userId: string) => `user:${userId}`,
  campaign: (campaignId: string) => `campaign:${campaignId}`,
  feed: 'feed',
  admins: 'role:admin',
} as const;

export interface SystemPongPayload {
  jobId: string;
  sentAt: string;
  processedAt: string;
}

export interface NotificationCountPayload {
  unread: number;
}
