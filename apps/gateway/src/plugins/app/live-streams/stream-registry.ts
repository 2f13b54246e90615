import type { CloseReason } from './live-connection';

/** What a stream's credential depends on: the stream ends when any of these ends. */
export interface StreamBinding {
  projectId: number;
  /** The recipient whose feed it streams; null: the project's activity (every recipient's outcomes). */
  recipientId: string | null;
  /** The API key the stream was opened with, or the key that minted its recipient token. */
  keyId: number;
  /** When the recipient token or the console session expires (Unix ms); absent for a key. */
  expiresAtMs?: number;
  /** The console session the stream was opened with (its id, the hash of its cookie): signing out ends it. */
  sessionId?: string;
}

export interface StreamLimits {
  maxPerRecipient: number;
  maxPerProject: number;
  /** Open activity streams (a project's outcomes) per project; they count in `maxPerProject` too. */
  maxActivityPerProject: number;
  /** Open streams of this replica. */
  maxOpen: number;
  /** Bytes all streams of this replica may hold (queued events, unsent writes, replays being read). */
  maxBufferedBytes: number;
  /** A stream ends after at most this long (less up to a tenth, so streams opened together do not all reconnect together). */
  maxLifetimeMs: number;
}

/** The per-project limit when none is configured: a fifth of the replica's streams (at least one). */
export const projectShareOf = (maxOpen: number) => Math.max(1, Math.floor(maxOpen / 5));

/** Which limit refused a new stream. */
export type Refusal = 'recipient' | 'activity' | 'project' | 'replica_streams' | 'replica_bytes';

interface Closable {
  close(reason: CloseReason): void;
  heartbeat(): void;
}

/** One admitted stream, from before it starts (its credential is watched from then on) until it closes. */
export interface StreamSlot {
  readonly binding: StreamBinding;
  /** Why the stream must end (its credential ended, or its lifetime), or null. */
  readonly ended: CloseReason | null;
  /** The stream started (its lifetime counts from now): it is closed at once when it already had to end. */
  attach(conn: Closable): void;
  /** The bytes this stream holds changed by `delta` (counted against the replica's bound). */
  buffered(delta: number): void;
  release(): void;
}

export interface RegistryClock {
  now: () => number;
  random: () => number;
}

/** The longest delay a Node timer takes (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Why a stream ends at its credential's expiry: its recipient token's, or its console session's. */
const expiryReason = (binding: StreamBinding): CloseReason => (binding.sessionId === undefined ? 'token_expired' : 'session_ended');

const recipientKey = (projectId: number, recipientId: string) => `${projectId}|${recipientId}`;

function addTo<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(value);
}
function removeFrom<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}

/**
 * The open streams of one replica: admission against the limits (per recipient, per project, per
 * replica, and the bytes they hold together), and the end of each stream with its credential:
 * at its recipient token's expiry or its maximum lifetime (a timer), and at once when the key it
 * depends on is revoked or its recipient erased (`keyRevoked`, `recipientErased`, called from the
 * NATS events every replica hears). A slot is watched from admission, before the stream's first
 * await, so an event that arrives while the stream is being set up is not missed.
 */
export class StreamRegistry {
  private readonly slots = new Set<SlotImpl>();
  private readonly byRecipient = new Map<string, Set<SlotImpl>>();
  private readonly byProject = new Map<number, number>();
  private readonly byKey = new Map<number, Set<SlotImpl>>();
  private readonly bySession = new Map<string, Set<SlotImpl>>();
  /** Activity streams (recipient null) per project (by its id as text). */
  private readonly activityByProject = new Map<string, Set<SlotImpl>>();
  private bytes = 0;

  constructor(
    private readonly limits: StreamLimits,
    private readonly clock: RegistryClock = { now: Date.now, random: Math.random },
  ) {}

  get open(): number {
    return this.slots.size;
  }

  /** Bytes held by all streams together. */
  get bufferedBytes(): number {
    return this.bytes;
  }

  /** A slot for a new stream, or the limit that refuses it. `reserveBytes`: held from now (a replay about to be read). */
  admit(binding: StreamBinding, reserveBytes = 0): StreamSlot | Refusal {
    // The replica's bounds first: a full replica is "retry elsewhere" (503) whoever asks.
    if (this.slots.size >= this.limits.maxOpen) return 'replica_streams';
    if (this.bytes + reserveBytes > this.limits.maxBufferedBytes) return 'replica_bytes';
    const [index, key, max, refusal] = this.ownIndex(binding);
    if ((index.get(key)?.size ?? 0) >= max) return refusal;
    if ((this.byProject.get(binding.projectId) ?? 0) >= this.limits.maxPerProject) return 'project';

    const slot = new SlotImpl(binding, this);
    this.slots.add(slot);
    addTo(index, key, slot);
    addTo(this.byKey, binding.keyId, slot);
    if (binding.sessionId !== undefined) addTo(this.bySession, binding.sessionId, slot);
    this.byProject.set(binding.projectId, (this.byProject.get(binding.projectId) ?? 0) + 1);
    slot.buffered(reserveBytes);
    // The token's expiry is watched from now; the lifetime from when the stream starts (attach).
    if (binding.expiresAtMs !== undefined) slot.endAt(binding.expiresAtMs, expiryReason(binding));
    return slot;
  }

  /** The streams of one recipient, or (recipient null) of one project's activity, with their own limit. */
  private ownIndex(binding: StreamBinding): [Map<string, Set<SlotImpl>>, string, number, Refusal] {
    if (binding.recipientId === null) return [this.activityByProject, String(binding.projectId), this.limits.maxActivityPerProject, 'activity'];
    return [this.byRecipient, recipientKey(binding.projectId, binding.recipientId), this.limits.maxPerRecipient, 'recipient'];
  }

  /** @internal When a started stream reaches its lifetime (or its token's expiry, if sooner). */
  lifetimeEnd(binding: StreamBinding): [number, CloseReason] {
    const lifetimeEnd = this.clock.now() + this.limits.maxLifetimeMs * (1 - 0.1 * this.clock.random());
    const tokenEnd = binding.expiresAtMs ?? Infinity;
    return tokenEnd <= lifetimeEnd ? [tokenEnd, expiryReason(binding)] : [lifetimeEnd, 'max_lifetime'];
  }

  /** @internal */
  get now(): number {
    return this.clock.now();
  }

  /** Ends every stream that depends on this key (opened with it, or with a token it minted). */
  keyRevoked(keyId: number): number {
    return this.endAll(this.byKey.get(keyId), 'key_revoked');
  }

  /** Ends every stream opened with this console session (signed out). */
  sessionEnded(sessionId: string): number {
    return this.endAll(this.bySession.get(sessionId), 'session_ended');
  }

  /** Ends every stream of this recipient (its id may be reused by a new recipient). */
  recipientErased(projectId: number, recipientId: string): number {
    return this.endAll(this.byRecipient.get(recipientKey(projectId, recipientId)), 'recipient_erased');
  }

  /** Ends every stream (shutdown; revocations possibly missed). */
  closeAll(reason: CloseReason): number {
    return this.endAll(this.slots, reason);
  }

  heartbeat(): void {
    for (const slot of this.slots) slot.conn?.heartbeat();
  }

  private endAll(slots: Set<SlotImpl> | undefined, reason: CloseReason): number {
    const list = slots ? [...slots] : [];
    for (const slot of list) slot.end(reason);
    return list.length;
  }

  /** @internal */
  changeBytes(delta: number): void {
    this.bytes += delta;
  }

  /** @internal */
  remove(slot: SlotImpl): void {
    if (!this.slots.delete(slot)) return;
    const { projectId, recipientId, keyId, sessionId } = slot.binding;
    if (recipientId === null) removeFrom(this.activityByProject, String(projectId), slot);
    else removeFrom(this.byRecipient, recipientKey(projectId, recipientId), slot);
    removeFrom(this.byKey, keyId, slot);
    if (sessionId !== undefined) removeFrom(this.bySession, sessionId, slot);
    const n = (this.byProject.get(projectId) ?? 1) - 1;
    if (n <= 0) this.byProject.delete(projectId);
    else this.byProject.set(projectId, n);
  }
}

class SlotImpl implements StreamSlot {
  ended: CloseReason | null = null;
  conn: Closable | null = null;
  timer: ReturnType<typeof setTimeout> | null = null;
  private bytes = 0;
  private released = false;

  constructor(
    readonly binding: StreamBinding,
    private readonly registry: StreamRegistry,
  ) {}

  attach(conn: Closable): void {
    this.conn = conn;
    if (this.ended) return conn.close(this.ended);
    this.endAt(...this.registry.lifetimeEnd(this.binding));
  }

  /** Ends the stream at `at`: a timer of at most MAX_TIMER_MS, armed again until then. */
  endAt(at: number, reason: CloseReason): void {
    if (this.timer) clearTimeout(this.timer);
    const remaining = Math.max(0, at - this.registry.now);
    this.timer = setTimeout(() => (remaining > MAX_TIMER_MS ? this.endAt(at, reason) : this.end(reason)), Math.min(remaining, MAX_TIMER_MS));
    this.timer.unref?.();
  }

  end(reason: CloseReason): void {
    if (this.ended || this.released) return;
    this.ended = reason;
    this.conn?.close(reason);
  }

  buffered(delta: number): void {
    if (this.released) return;
    this.bytes += delta;
    this.registry.changeBytes(delta);
  }

  release(): void {
    if (this.released) return;
    this.registry.changeBytes(-this.bytes);
    this.bytes = 0;
    this.released = true;
    if (this.timer) clearTimeout(this.timer);
    this.registry.remove(this);
  }
}
