/** How often each deity is the principal deity of a generated temple, per region. */
import type { Region } from "./states.ts";

type Weights = readonly (readonly [string, number])[];

export const REGION_DEITIES: Record<Region, Weights> = {
  kerala: [["bhagavathy", 16], ["shiva", 14], ["krishna", 12], ["vishnu", 8], ["ayyappa", 8], ["ganesha", 7], ["murugan", 6], ["bhadrakali", 5], ["devi", 4], ["nagaraja", 3], ["narasimha", 2], ["rama", 2], ["hanuman", 2], ["padmanabha", 1], ["dhanvantari", 1], ["saraswati", 1], ["dakshinamurthy", 1], ["mookambika", 0.5]],
  tamil: [["shiva", 14], ["murugan", 12], ["vishnu", 10], ["ganesha", 10], ["mariamman", 9], ["hanuman", 5], ["devi", 5], ["krishna", 4], ["venkateswara", 3], ["kali", 3], ["ayyappa", 3], ["ranganatha", 2], ["narasimha", 2], ["kamakshi", 2], ["meenakshi", 2], ["rama", 2], ["navagraha", 1], ["nataraja", 1], ["bhadrakali", 1], ["dakshinamurthy", 1], ["nagaraja", 1], ["bhairava", 1], ["dhanvantari", 0.5], ["brahma", 0.3]],
  karnataka: [["shiva", 10], ["ganesha", 9], ["hanuman", 9], ["vishnu", 6], ["devi", 6], ["durga", 6], ["krishna", 5], ["murugan", 4], ["venkateswara", 4], ["narasimha", 3], ["ranganatha", 2], ["chamundeshwari", 2], ["mariamman", 2], ["dattatreya", 2], ["nagaraja", 2], ["saraswati", 1], ["khandoba", 1], ["kali", 1], ["annapurna", 1], ["mookambika", 0.5], ["bhairava", 1], ["vitthal", 0.5]],
  telugu: [["shiva", 12], ["venkateswara", 10], ["hanuman", 10], ["rama", 8], ["ganesha", 7], ["narasimha", 6], ["durga", 6], ["devi", 6], ["vishnu", 4], ["lakshmi", 3], ["murugan", 3], ["krishna", 3], ["kali", 2], ["balaji", 2], ["surya", 1], ["saraswati", 1], ["mariamman", 1], ["nagaraja", 1], ["kamakshi", 0.5], ["dattatreya", 0.5], ["bhadrakali", 0.5]],
  west: [["ganesha", 14], ["shiva", 10], ["hanuman", 10], ["devi", 6], ["krishna", 6], ["durga", 5], ["rama", 5], ["vitthal", 5], ["dattatreya", 4], ["lakshmi", 4], ["khandoba", 3], ["bhairava", 3], ["kali", 2], ["shani", 2], ["vishnu", 2], ["jagannath", 1], ["balaji", 1], ["surya", 1], ["saraswati", 0.5], ["annapurna", 0.5]],
  north: [["shiva", 14], ["hanuman", 14], ["durga", 10], ["krishna", 10], ["rama", 8], ["devi", 8], ["ganesha", 5], ["kali", 4], ["lakshmi", 3], ["vishnu", 3], ["bhairava", 3], ["balaji", 3], ["shani", 2], ["surya", 2], ["navagraha", 1], ["saraswati", 1], ["vaishno-devi", 1], ["annapurna", 1], ["jagannath", 1], ["chamundeshwari", 1], ["parvati", 1], ["brahma", 0.3], ["dattatreya", 0.5]],
  east: [["kali", 14], ["shiva", 12], ["durga", 10], ["jagannath", 8], ["krishna", 8], ["devi", 8], ["hanuman", 4], ["ganesha", 3], ["lakshmi", 3], ["vishnu", 3], ["surya", 2], ["rama", 2], ["kamakhya", 1], ["annapurna", 1], ["bhairava", 1], ["saraswati", 1], ["parvati", 1], ["narasimha", 0.5]],
};
