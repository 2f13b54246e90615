import type { Device } from '../api';
import { positiveInt } from '../context';
import { table } from '../output/output';
import { examples, type Register } from './register';

const deviceTable = (rows: Device[]) =>
  table(rows, [
    { header: 'id', value: (d) => d.id },
    { header: 'platform', value: (d) => d.platform },
    { header: 'token', value: (d) => (d.token.length > 24 ? `${d.token.slice(0, 21)}...` : d.token) },
    { header: 'app_id', value: (d) => d.app_id },
    { header: 'locale', value: (d) => d.locale },
    { header: 'updated_at', value: (d) => d.updated_at },
  ]);

export const registerDevices: Register = (program, act) => {
  const devices = program.command('devices').description("Register, list and remove a recipient's mobile devices (FCM, APNs)");

  devices
    .command('add')
    .description('Register a device token for a recipient (the same token again is the same device)')
    .argument('<recipient>', 'recipient id')
    .argument('<platform>', 'fcm or apns')
    .argument('<token>', 'the FCM registration token or the APNs device token (64 hex digits)')
    .option('--app-id <id>', 'the Android package or iOS bundle id')
    .option('--locale <tag>', 'the language tag the app runs in, e.g. en or pt-BR')
    .addHelpText('after', examples(['herald devices add alice apns 5f2c9a0d…2a1b --app-id com.example.app', 'herald devices add alice fcm "$FCM_TOKEN" --json']))
    .action(
      act(async (ctx, recipient: string, platform: string, token: string, opts: { appId?: string; locale?: string }) => {
        const device = await ctx.projectApi().addDevice(recipient, { platform, token, app_id: opts.appId, locale: opts.locale });
        ctx.out.result(device, () => `Device ${device.id} (${device.platform}) registered for ${recipient}.\n`);
      }),
    );

  devices
    .command('ls')
    .description("List a recipient's devices, least recently registered first")
    .argument('<recipient>', 'recipient id')
    .addHelpText('after', examples(['herald devices ls alice', 'herald devices ls alice --json']))
    .action(
      act(async (ctx, recipient: string) => {
        const rows = await ctx.projectApi().listDevices(recipient);
        ctx.out.result(rows, () => (rows.length === 0 ? `No devices for ${recipient}.\n` : deviceTable(rows)));
      }),
    );

  devices
    .command('rm')
    .description('Remove one device of a recipient')
    .argument('<recipient>', 'recipient id')
    .argument('<device-id>', 'the device id (see devices ls)')
    .addHelpText('after', examples(['herald devices rm alice 12']))
    .action(
      act(async (ctx, recipient: string, rawId: string) => {
        const id = positiveInt(rawId, '<device-id>');
        await ctx.projectApi().deleteDevice(recipient, id);
        ctx.out.result({ deleted: id }, () => `Device ${id} removed from ${recipient}.\n`);
      }),
    );
};
