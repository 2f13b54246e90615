import type { MessageInitShape } from '@bufbuild/protobuf';
import type { SendRequest, SendRequestSchema } from '@herald/contracts';
import { eventually } from '@herald/testing';
import type { Harness } from './harness';

/** A send request of a project without its payload: each send gets `{"i": <its number>}`. */
type SendWithoutPayload = Omit<Exclude<MessageInitShape<typeof SendRequestSchema>, SendRequest>, 'payloadJson'> & { projectId: bigint };

/** Sends `n` notifications and waits until every one is settled (no longer `enqueued`); returns their ids in send order. */
export async function sendSettled(h: Harness, request: SendWithoutPayload, n: number): Promise<bigint[]> {
  const ids: bigint[] = [];
  for (let i = 0; i < n; i++) ids.push((await h.client.send({ ...request, payloadJson: JSON.stringify({ i }) })).notification!.id);
  await eventually('every send decided', async () => {
    const all = await Promise.all(ids.map((id) => h.client.getNotification({ projectId: request.projectId, id })));
    return all.every((r) => r.notification!.status !== 'enqueued');
  });
  return ids;
}
