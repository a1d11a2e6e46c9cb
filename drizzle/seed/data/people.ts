/** Name parts for priests, customers and enquiries, grouped by region. */
import type { Region } from "./states.ts";

export const PRIEST_NAMES: Record<Region, { first: readonly string[]; last: readonly string[]; titles: readonly string[] }> = {
  kerala: {
    first: ["Narayanan", "Vasudevan", "Krishnan", "Parameswaran", "Sankaran", "Damodaran", "Madhavan", "Harikrishnan", "Sreekumar", "Vishnu", "Neelakantan", "Divakaran", "Raman", "Subrahmanian", "Easwaran"],
    last: ["Namboothiri", "Potti", "Embranthiri", "Namboodiripad", "Bhattathiri", "Thirumeni"],
    titles: [""],
  },
  tamil: {
    first: ["Subramanian", "Venkatesan", "Ramanathan", "Sundaresan", "Natarajan", "Swaminathan", "Balasubramanian", "Ganesan", "Chandrasekaran", "Kalyanasundaram", "Rajagopalan", "Seshadri", "Muthukumar", "Sivakumar"],
    last: ["Iyer", "Gurukkal", "Sivachariyar", "Bhattar", "Iyengar", "Dikshitar", "Sastrigal"],
    titles: [""],
  },
  karnataka: {
    first: ["Raghavendra", "Srinivasa", "Guruprasad", "Vadiraja", "Anantha", "Prasanna", "Narasimha", "Keshava", "Vasudeva", "Shankaranarayana"],
    last: ["Bhat", "Upadhyaya", "Tantri", "Acharya", "Aithal", "Holla", "Adiga"],
    titles: ["", "Vidwan"],
  },
  telugu: {
    first: ["Venkata Ramana", "Sai Kumar", "Nagendra", "Satyanarayana", "Ramakrishna", "Phanindra", "Srinivasa Rao", "Anjaneyulu", "Subrahmanyam", "Lakshmi Narayana"],
    last: ["Sharma", "Deekshitulu", "Avadhani", "Sastry", "Acharyulu", "Somayajulu"],
    titles: ["", "Vedamurthy"],
  },
  west: {
    first: ["Vinayak", "Madhav", "Shrikant", "Dattatray", "Mukund", "Ganesh", "Narayan", "Sadashiv", "Prabhakar", "Hemant"],
    last: ["Joshi", "Kulkarni", "Deshpande", "Gokhale", "Pujari", "Dave", "Vyas", "Bhatt"],
    titles: ["", "Pt."],
  },
  north: {
    first: ["Ramesh", "Dinesh", "Shyam Sundar", "Rajendra", "Govind", "Krishna Kant", "Devendra", "Umesh", "Vinod", "Ashok", "Hari Om", "Brijesh", "Kailash", "Radheshyam", "Manoj"],
    last: ["Mishra", "Tiwari", "Dubey", "Pandey", "Shukla", "Tripathi", "Joshi", "Sharma", "Chaturvedi", "Upadhyay", "Trivedi", "Dwivedi", "Pathak", "Shastri"],
    titles: ["", "", "Pt.", "Acharya"],
  },
  east: {
    first: ["Subhash", "Debasish", "Pranab", "Jagannath", "Biswanath", "Sitakanta", "Gopal", "Ramakanta", "Tarun", "Bhabani"],
    last: ["Chakraborty", "Bhattacharya", "Mukherjee", "Panda", "Dash", "Mohapatra", "Satapathy", "Goswami", "Sarma"],
    titles: ["", "Pt."],
  },
};

/** Other demo customers: first, last, region of their home. */
export const CUSTOMER_NAMES: readonly (readonly [string, string, Region])[] = [
  ["Anand", "Krishnan", "kerala"],
  ["Meera", "Pillai", "kerala"],
  ["Arun", "Menon", "kerala"],
  ["Gayathri", "Nair", "kerala"],
  ["Priya", "Subramaniam", "tamil"],
  ["Karthik", "Raman", "tamil"],
  ["Divya", "Venkatesh", "tamil"],
  ["Sanjay", "Rao", "karnataka"],
  ["Kavya", "Hegde", "karnataka"],
  ["Srinivas", "Reddy", "telugu"],
  ["Lavanya", "Chowdary", "telugu"],
  ["Rohan", "Kulkarni", "west"],
  ["Aditi", "Deshmukh", "west"],
  ["Hardik", "Patel", "west"],
  ["Neha", "Sharma", "north"],
  ["Vikram", "Singh", "north"],
  ["Pooja", "Agarwal", "north"],
  ["Rahul", "Verma", "north"],
  ["Ananya", "Banerjee", "east"],
  ["Sourav", "Mohanty", "east"],
  ["Ritika", "Baruah", "east"],
];

export const HOUSE_NAMES: readonly string[] = ["Sreevalsam", "Krishna Kripa", "Sree Nilayam", "Lakshmi Vilas", "Gokulam", "Thulasi", "Anugraha", "Sai Sadan", "Shivam"];
