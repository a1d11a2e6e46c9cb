import type { Database } from "~/db/client.server";
import { contactRequests, jobEnquiries, newsletterSubscriptions, templeRegistrations } from "~/db/schema";
import type { JobEnquiry, TempleSignup } from "./inputs";

/** Temple registration (spec: savetempleregistration). */
export async function saveTempleRegistration(db: Database, input: TempleSignup) {
  await db.insert(templeRegistrations).values({
    templeName: input.tname,
    location: input.tlocation,
    contactPerson: input.tcontact,
    phone: input.tphone,
    email: input.temail ?? "",
    address: input.taddress ?? "",
    state: input.tstate ?? "",
  });
}

/** Job enquiry (spec: storeJobsContact). */
export async function saveJobEnquiry(db: Database, input: JobEnquiry) {
  await db.insert(jobEnquiries).values({
    name: input.name,
    email: input.email,
    phone: input.phone,
    jobType: input.jobType ?? "",
    comments: input.comments ?? "",
  });
}

/** Newsletter sign-up (spec: storeNewsLetterContact); signing up twice changes nothing. */
export async function subscribeToNewsletter(db: Database, email: string) {
  const rows = await db
    .insert(newsletterSubscriptions)
    .values({ email: email.toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  return { created: rows.length > 0 };
}

/** Contact request from the home page box (spec: sendMailToSupport). */
export async function saveContactRequest(db: Database, input: { emailOrPhone: string; subject?: string; type?: string }) {
  await db.insert(contactRequests).values({
    emailOrPhone: input.emailOrPhone,
    subject: input.subject ?? "Please contact me",
    type: input.type ?? "contact",
  });
}
