export { CompanyEditPage } from './components/CompanyEditPage';
export { CompanyRegisterPage } from './components/CompanyRegisterPage';
export { companySaga, type CompanySagaDeps } from './sagas';
export { companyReducer, companyRequested, selectCompany, type CompanyState, type WithCompany } from './slice';
