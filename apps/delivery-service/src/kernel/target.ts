/** What a notification is about: the catalog's channel, topic and event. */
export interface Target {
  channel: string;
  topic: string;
  event: string;
}
