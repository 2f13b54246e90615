import type { Contact } from '../api';
import { UsageError } from '../errors';
import { table } from '../output/output';
import { examples, type Register } from './register';

const contactTable = (rows: Contact[]) =>
  table(rows, [
    { header: 'id', value: (c) => c.id },
    { header: 'medium', value: (c) => c.medium },
    { header: 'provider', value: (c) => c.provider ?? '' },
    { header: 'primary', value: (c) => (c.is_primary ? 'yes' : '') },
    { header: 'deliverable', value: (c) => (c.deliverable ? 'yes' : 'no') },
    { header: 'address', value: (c) => c.address },
  ]);

/** `herald contacts add|list`: a recipient's addresses, chat channels and webhooks among them. */
export const registerContacts: Register = (program, act) => {
  const contacts = program.command('contacts').description("A recipient's contacts: email, SMS, web push, chat");

  contacts
    .command('add')
    .description('Add a contact to a recipient (chat: --provider slack|teams|discord)')
    .argument('<recipient>', 'recipient id')
    .requiredOption('--medium <medium>', 'email, sms, web_push or chat')
    .requiredOption('--address <address>', 'the address: an email, an E.164 number, a Slack channel id or a chat webhook URL')
    .option('--provider <provider>', 'the chat service of a chat contact: slack, teams or discord')
    .option('--primary', 'make it the primary contact of its medium')
    .addHelpText(
      'after',
      examples([
        'herald contacts add team:ops --medium chat --provider slack --address C0123456789 --primary',
        'herald contacts add team:ops --medium chat --provider discord --address https://discord.com/api/webhooks/1/abc',
        'herald contacts add alice --medium email --address alice@example.com --primary',
      ]),
    )
    .action(
      act(async (ctx, recipient: string, opts: { medium: string; address: string; provider?: string; primary?: boolean }) => {
        if (opts.medium === 'chat' && !opts.provider) throw new UsageError('a chat contact needs --provider slack, teams or discord');
        const c = await ctx.projectApi().addContact(recipient, {
          medium: opts.medium,
          address: opts.address,
          ...(opts.provider ? { provider: opts.provider } : {}),
          is_primary: opts.primary === true,
        });
        ctx.out.result(c, () => contactTable([c]));
      }),
    );

  contacts
    .command('list')
    .description("List a recipient's contacts")
    .argument('<recipient>', 'recipient id')
    .addHelpText('after', examples(['herald contacts list team:ops', 'herald contacts list alice --json']))
    .action(
      act(async (ctx, recipient: string) => {
        const rows = await ctx.projectApi().listContacts(recipient);
        ctx.out.result({ contacts: rows }, () => contactTable(rows));
      }),
    );
};
