/**
 * The demo temples' payout bank accounts and their activated Razorpay Route linked accounts (issue
 * 43), shared by the seed (which writes them into D1 as approved and linked) and the local Razorpay
 * emulator (which holds these linked accounts, activated, from the moment it starts, as a Razorpay
 * account prepared for the demo would): so after `npm start` a booking at one of these temples is
 * transferred to it. The other temples have no linked account: their money is paid out by the
 * Sannidhi team outside the portal. Bank details are made up (valid in form only); ids start with
 * SEED, which the emulator never issues. No imports: the emulator and the seed both read it.
 */
export interface DemoLinkedAccount {
  /** The landmark temple's key in the seed. */
  key: string;
  accountId: string;
  productId: string;
  legalName: string;
  contactName: string;
  email: string;
  /** E.164. */
  phone: string;
  beneficiaryName: string;
  accountNumber: string;
  ifsc: string;
}

const demo = (key: string, legalName: string, contactName: string, ifsc: string, n: number): DemoLinkedAccount => ({
  key,
  accountId: `acc_SEED${key}`,
  productId: `acc_prd_SEED${key}`,
  legalName,
  contactName,
  email: `payouts.${key}@temples.sannidhi.example`,
  phone: `+9194470${String(10_000 + n).slice(-5)}`,
  beneficiaryName: legalName,
  accountNumber: `5010020${String(4_310_000 + n * 137).padStart(7, "0")}`,
  ifsc,
});

/** The temples of the demo accounts and the demo devotee's bookings (not Thiruparankundram: it is not verified). */
export const DEMO_LINKED_ACCOUNTS: readonly DemoLinkedAccount[] = [
  demo("guruvayur", "Guruvayur Devaswom", "K. P. Vinayan", "SBIN0070012", 1),
  demo("ambalappuzha", "Ambalappuzha Sree Krishna Swamy Devaswom Trust", "R. Gopakumar", "FDRL0001234", 2),
  demo("meenakshi", "Arulmigu Meenakshi Sundareswarar Devasthanam Trust", "S. Karthikeyan", "IOBA0000456", 3),
  demo("palani", "Arulmigu Dhandayuthapani Swamy Devasthanam Trust", "M. Senthilnathan", "TMBL0000078", 4),
  demo("sabarimala", "Sabarimala Sree Dharma Sastha Devaswom Trust", "V. Ajithkumar", "SBIN0070345", 5),
  demo("attukal", "Attukal Bhagavathy Temple Trust", "L. Jayasree", "KLGB0040123", 6),
  demo("tirumala", "Tirumala Sri Venkateswara Devasthanam Trust", "P. Venkata Ramana", "ANDB0000789", 7),
  demo("kedarnath", "Shri Kedarnath Dham Temple Trust", "Harish Semwal", "PUNB0123400", 8),
  demo("kashivishwanath", "Shri Kashi Vishwanath Temple Trust", "Alok Mishra", "BARB0VARANA", 9),
  demo("padmanabhaswamy", "Sree Padmanabhaswamy Temple Trust", "B. Sreekumar", "IDIB000T012", 10),
];
