/** The public renewal API's answers (server/renewals/routes.ts). */
export interface Plan {
  durationInDays: number;
  amountPaise: number;
}

export interface Subscription {
  registrationNumber: string;
  imei: string;
  expiresOn: string;
  expired: boolean;
  plans: Plan[];
  providers: string[];
}

export interface Bank {
  beneficiary: string;
  accountNumber: string;
  ifsc: string;
  branchName: string;
  upiId: string;
}

export type Instructions =
  | { kind: 'upi'; reference: string; amountPaise: number; upiUri: string; bank: Bank }
  | { kind: 'test' | 'wallet'; reference: string; amountPaise: number };

export interface PublicOrder {
  reference: string;
  registrationNumber: string;
  imei: string;
  durationInDays: number;
  amountPaise: number;
  provider: string;
  status: 'PENDING' | 'PAID';
  expiresBefore: string;
  expiresAfter: string | null;
  instructions: Instructions | null;
}
