/**
 * The pages a person sees when following a contact confirmation (or change approval) link in a browser. Static text:
 * neither the token nor the address is echoed into the page (the form posts to the page's own address).
 */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem">
<h1 style="font-size: 1.4rem">${title}</h1>
${body}
</body></html>
`;

export const confirmPage = () =>
  page(
    'Confirm this email address?',
    `<p>Notifications of the account that added it will then be emailed to this address.</p>
<form method="post"><button type="submit">Confirm</button></form>`,
  );

export const confirmedPage = () => page('Address confirmed', '<p>Notifications will now be emailed to this address.</p>');

export const approvePage = () =>
  page(
    'Approve the change of your notification address?',
    `<p>The account's email notifications will then go to the new address named in the mail, once that address is confirmed too. If you did not ask for the change, close this page: nothing changes.</p>
<form method="post"><button type="submit">Approve</button></form>`,
  );

export const approvedPage = () => page('Change approved', '<p>Notifications will go to the new address once it is confirmed too; until then they keep coming here.</p>');
