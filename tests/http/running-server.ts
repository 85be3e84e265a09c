/** A server the HTTP suite runs against, on its own or behind the target's intermediary (server.ts). */
export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /**
   * The service itself, without the target's intermediary: for checks of exact bytes and of
   * bodies that are not JSON text, which a validating proxy re-serializes or cannot carry.
   */
  readonly direct: string;
  readonly stop: () => Promise<void>;
}
