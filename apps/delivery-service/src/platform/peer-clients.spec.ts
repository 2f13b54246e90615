import { preferenceResolver, type PreferenceClient } from './peer-clients';

const target = { channel: 'builds', topic: 'main', event: 'failed' };
const answer = (medium: string, enabled: boolean) => ({ enabled: [enabled], covered: true, mandatory: false, decisions: [{ because: medium }], decisionOf: [0] });

/** A preference client recording each ResolveBatch request; `multi` says whether it knows `mediums`. */
function fakePreferences(multi: boolean) {
  const requests: { medium: string; mediums: string[] }[] = [];
  const client = {
    resolveBatch: async (req: { medium?: string; mediums?: string[] }) => {
      requests.push({ medium: req.medium ?? '', mediums: req.mediums ?? [] });
      if (multi && req.mediums?.length) return { ...answer('', false), enabled: [], decisions: [], decisionOf: [], byMedium: req.mediums.map((m) => ({ medium: m, ...answer(m, m !== 'sms') })) };
      return { ...answer(req.medium ?? '', req.medium !== 'sms'), byMedium: [] };
    },
  };
  return { requests, client: client as unknown as PreferenceClient };
}

describe('the preference resolver on the peer client', () => {
  const ask = { projectId: 1n, target, mediums: ['in_app', 'email', 'sms'], recipientIds: ['r'] };
  const read = (rs: { enabled: boolean[]; decisions: ({ because: string } | undefined)[] }[]) => rs.map((r) => [r.enabled[0], r.decisions[0]?.because]);

  it('when the service knows several mediums, then one call answers all of them, in order', async () => {
    const f = fakePreferences(true);

    const resolved = await preferenceResolver(f.client).resolveBatch(ask);

    expect(f.requests).toEqual([{ medium: 'in_app', mediums: ['in_app', 'email', 'sms'] }]);
    expect(read(resolved)).toEqual([[true, 'in_app'], [true, 'email'], [false, 'sms']]);
  });

  it('when the service predates several mediums, then its answer stands for the first and the others are asked one call each', async () => {
    const f = fakePreferences(false);

    const resolved = await preferenceResolver(f.client).resolveBatch(ask);

    expect(f.requests.map((r) => r.medium)).toEqual(['in_app', 'email', 'sms']);
    expect(read(resolved)).toEqual([[true, 'in_app'], [true, 'email'], [false, 'sms']]);
  });
});
