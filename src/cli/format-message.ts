// A received message as `inboxd wait` prints it for people: the envelope, the codes and links found in
// it, then the text part (never the HTML, which is shown only as a note).
export interface PrintedMessage {
  from: string;
  from_name: string | null;
  to: string;
  subject: string | null;
  date: string;
  text: string | null;
  html: string | null;
  attachments: { filename: string; size: number }[];
  codes: string[];
  links: string[];
}

export function formatMessage(message: PrintedMessage): string {
  const lines = [
    `From:    ${message.from_name === null ? message.from : `${message.from_name} <${message.from}>`}`,
    `To:      ${message.to}`,
    `Subject: ${message.subject ?? ''}`,
    `Date:    ${message.date}`,
  ];
  if (message.codes.length > 0) lines.push(`Codes:   ${message.codes.join(', ')}`);
  for (const link of message.links.slice(0, 5)) lines.push(`Link:    ${link}`);
  for (const a of message.attachments) lines.push(`Attached: ${a.filename} (${a.size} bytes)`);
  lines.push('', message.text ?? (message.html === null ? '' : '(HTML only; see --json)'));
  return lines.join('\n');
}
