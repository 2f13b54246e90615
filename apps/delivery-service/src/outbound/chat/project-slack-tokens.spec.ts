import { createFakeClock } from '@herald/service-kit';
import { projectSlackTokens } from './project-slack-tokens';

describe('project Slack tokens', () => {
  const setup = (stored: Record<number, string>, fallback = 'xoxb-server') => {
    const clock = createFakeClock();
    const reads: number[] = [];
    const read = async (projectId: number) => {
      reads.push(projectId);
      return stored[projectId] ? { bot_token: stored[projectId] } : null;
    };
    return { clock, reads, stored, tokens: projectSlackTokens({ read, fallback, clock }) };
  };

  it('when a project has its own token, then its sends use it and other projects use the server token', async () => {
    const { tokens } = setup({ 1: 'xoxb-one' });
    expect([await tokens.tokenFor(1), await tokens.tokenFor(2), await tokens.tokenFor(undefined)]).toEqual(['xoxb-one', 'xoxb-server', 'xoxb-server']);
  });

  it('when neither the project nor the server has a token, then there is none', async () => {
    const { tokens } = setup({}, '');
    expect(await tokens.tokenFor(1)).toBeNull();
  });

  it('when a project sends again within the cache lifetime, then its settings are read once', async () => {
    const { tokens, reads, clock } = setup({ 1: 'xoxb-one' });
    await tokens.tokenFor(1);
    clock.advance(29_000);
    await tokens.tokenFor(1);
    expect(reads).toEqual([1]);
    clock.advance(2_000);
    await tokens.tokenFor(1);
    expect(reads).toEqual([1, 1]);
  });

  it('when a project saves a new token, then forgetting it makes the next send read the new one', async () => {
    const { tokens, stored } = setup({ 1: 'xoxb-one' });
    await tokens.tokenFor(1);
    stored[1] = 'xoxb-two';
    tokens.forget(1);
    expect(await tokens.tokenFor(1)).toBe('xoxb-two');
  });
});
