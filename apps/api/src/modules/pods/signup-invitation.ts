/**
 * The mail of an invitation to an address no account has: it asks them to join Parity, naming the
 * pod and who invites them. The invitation answers as one to a user does, so that it never tells
 * whether the address has an account. No pod invitation is kept for the address (pod_invitations
 * names a user): once signed up, they ask to join or are invited again.
 */
export function signUpInvitationMail(input: { inviterName: string; podName: string; publicUrl: string }) {
  return {
    subject: `${input.inviterName} invites you to the pod ${input.podName} on Parity`,
    text: [
      `${input.inviterName} invites you to join the pod ${input.podName} on Parity, where organizations`,
      'report their diversity, equity and inclusion data and their people meet in pods.',
      '',
      `Create your account with this address: ${input.publicUrl}/signup`,
      '',
      `Once you have joined Parity, ask ${input.inviterName} to invite you to the pod again.`,
      'If you did not expect this mail, you can ignore it.',
    ].join('\n'),
  };
}
