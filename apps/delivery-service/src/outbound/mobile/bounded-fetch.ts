/** At most this much of a provider's answer is read; past it the request is cut off and fails. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface FetchedAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/** One fetch with a deadline over the whole exchange and a capped answer; throws when either is passed. */
export async function boundedFetch(url: string, init: RequestInit, deadlineMs: number): Promise<FetchedAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${deadlineMs} ms`)), deadlineMs);
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body ?? []) {
      size += chunk.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        controller.abort();
        throw new Error(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
      }
      chunks.push(chunk);
    }
    return { status: res.status, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') };
  } finally {
    clearTimeout(timer);
  }
}
