import type { ImportField } from './import.js';

/**
 * The lead field a CSV column most likely holds, from its header ("Mobile Number" -> phone). The import uses it for
 * columns the importer did not map, and the mapping step starts from it, so both always agree.
 */
const GUESSES: Record<string, ImportField> = {
  name: 'name',
  fullname: 'name',
  leadname: 'name',
  contactname: 'name',
  firstname: 'firstName',
  first: 'firstName',
  lastname: 'lastName',
  last: 'lastName',
  surname: 'lastName',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  phone: 'phone',
  phonenumber: 'phone',
  mobile: 'phone',
  mobilenumber: 'phone',
  cell: 'phone',
  tel: 'phone',
  telephone: 'phone',
  company: 'company',
  companyname: 'company',
  organization: 'company',
  organisation: 'company',
  business: 'company',
  source: 'source',
  leadsource: 'source',
  type: 'leadType',
  leadtype: 'leadType',
  timezone: 'timeZone',
  tz: 'timeZone',
  zone: 'timeZone',
};

export const guessField = (column: string): ImportField | undefined =>
  GUESSES[column.toLowerCase().replace(/[^a-z]/g, '')];
