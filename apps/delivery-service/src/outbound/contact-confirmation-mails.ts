/** The texts of Herald's own mails about a recipient's addresses: the confirmation link and the notice of a change. */
export interface AddressMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The mail to a new address: its link proves the address is reachable. */
export function confirmationMail(url: string, hours: number): AddressMail {
  return {
    subject: 'Confirm your email address',
    html:
      `<p>This address was added to an account to receive its email notifications.</p>` +
      `<p><a href="${url}">Confirm this address</a></p>` +
      `<p>The link works for ${hours} hours. If you did not add it, ignore this mail: nothing will be sent to this address.</p>`,
    text:
      `This address was added to an account to receive its email notifications.\n\nConfirm this address: ${url}\n\n` +
      `The link works for ${hours} hours. If you did not add it, ignore this mail: nothing will be sent to this address.\n`,
  };
}

/**
 * The notice to the current address that its notifications are asked to move to `newAddress`: sent
 * whatever the owner does, its link approves the change (which also needs the new address's own link).
 */
export function primaryChangeMail(url: string, hours: number, newAddress: string): AddressMail {
  const ask = `Someone asked for this account's email notifications to go to ${newAddress} instead of this address.`;
  const keep = 'If it was not you, ignore this mail: the notifications keep coming to this address.';
  return {
    subject: 'Your notification address is being changed',
    html:
      `<p>${escapeHtml(ask)}</p>` +
      `<p><a href="${url}">Approve the change</a></p>` +
      `<p>The link works for ${hours} hours. The change takes effect once it is approved here and the new address is confirmed. ${keep}</p>`,
    text:
      `${ask}\n\nApprove the change: ${url}\n\n` +
      `The link works for ${hours} hours. The change takes effect once it is approved here and the new address is confirmed. ${keep}\n`,
  };
}
