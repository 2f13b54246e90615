import { positiveInt } from '../context';
import { explainNotification } from './explain-wording';
import { examples, type Register } from './register';

/** `herald explain <notification-id>`: why each medium of a notification ended as it did. */
export const registerExplain: Register = (program, act) => {
  program
    .command('explain')
    .description('Say in words why each medium of a notification was (or was not) delivered')
    .argument('<notification-id>', 'notification id')
    .addHelpText('after', examples(['herald explain 42', 'herald explain 42 --json   # the decision object']))
    .action(
      act(async (ctx, id: string) => {
        const n = await ctx.projectApi().getNotification(positiveInt(id, 'notification id'));
        ctx.out.result(n.decision ?? null, () => explainNotification(n).join('\n') + '\n');
      }),
    );
};
