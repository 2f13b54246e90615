/**
 * The two pages a person sees when following an unsubscribe link in a browser. Static text: the
 * token is never echoed into the page (the form posts to the page's own address).
 */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem">
<h1 style="font-size: 1.4rem">${title}</h1>
${body}
</body></html>
`;

export const confirmationPage = () =>
  page(
    'Unsubscribe from these emails?',
    `<p>You will stop receiving emails of this kind. Other notifications are not affected.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );

export const donePage = () => page('You are unsubscribed', '<p>You will no longer receive emails of this kind.</p>');
