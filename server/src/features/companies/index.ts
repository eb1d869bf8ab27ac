export { CompanyService } from './company.service';
export { companyRoutes } from './company.routes';
export { toCompanyDto } from './company.dto';
export {
  assertSeats,
  lockCompany,
  managedCompanyId,
  ownCompanyId,
  seatsTaken,
  transact,
  type Seats,
} from './membership';
