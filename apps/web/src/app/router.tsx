import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router';
import { ErrorBoundary, FallbackScreen } from './error-boundary';
import { RequireRole } from './guard';
import { AppLayout } from './layout/app-layout';
import { routeTable, type RoutePath } from './routes';

type Screen = LazyExoticComponent<ComponentType>;

/** Each screen is its own chunk, loaded when its route is first opened. */
function lazyScreen<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string): Screen {
  return lazy(async () => ({ default: (await load())[exportName] as ComponentType }));
}

// Modules holding two screens: one import each, so the shell lists their files once.
const people = () => import('../features/users/screens/people-screen');
const chatList = () => import('../features/chat/screens/chat-list-screen');
const chatRoom = () => import('../features/chat/screens/chat-room-screen');
const alertLinks = () => import('../features/job-alerts/screens/alert-link-screen');
// One screen at two addresses (the list, and the list with one alert open).
const alertsScreen = lazyScreen(() => import('../features/job-alerts/screens/alerts-screen'), 'AlertsScreen');

// Routes of the table without a screen yet are not mounted (they show the fallback screen).
const screens: Partial<Record<RoutePath, Screen>> = {
  '/': lazyScreen(() => import('../features/jobs/screens/home-screen'), 'HomeScreen'),
  '/login': lazyScreen(() => import('../features/auth/screens/login-screen'), 'LoginScreen'),
  '/signup': lazyScreen(() => import('../features/auth/screens/signup-screen'), 'SignupScreen'),
  '/verify-otp': lazyScreen(() => import('../features/auth/screens/verify-otp-screen'), 'VerifyOtpScreen'),
  '/forgot-password': lazyScreen(() => import('../features/auth/screens/forgot-password-screen'), 'ForgotPasswordScreen'),
  '/join-team': lazyScreen(() => import('../features/auth/screens/join-team-screen'), 'JoinTeamScreen'),
  '/adminlogin': lazyScreen(() => import('../features/auth/screens/admin-login-screen'), 'AdminLoginScreen'),
  '/dashboard/jobseeker': lazyScreen(() => import('../features/dashboards/screens/jobseeker-dashboard-screen'), 'JobseekerDashboardScreen'),
  '/dashboard/employer': lazyScreen(() => import('../features/dashboards/screens/employer-dashboard-screen'), 'EmployerDashboardScreen'),
  '/EmployerCompanyManagement': lazyScreen(
    () => import('../features/companies/screens/employer-company-management-screen'),
    'EmployerCompanyManagementScreen',
  ),
  '/admindashboard': lazyScreen(() => import('../features/admin/screens/admin-dashboard-screen'), 'AdminDashboardScreen'),
  '/jobseekers': lazyScreen(people, 'JobseekersScreen'),
  '/employers': lazyScreen(people, 'EmployersScreen'),
  '/job/:jobId': lazyScreen(() => import('../features/jobs/screens/job-details-screen'), 'JobDetailsScreen'),
  '/company/:companyId': lazyScreen(() => import('../features/companies/screens/company-screen'), 'CompanyScreen'),
  '/EmployerJobManagement': lazyScreen(
    () => import('../features/jobs/screens/employer-job-management-screen'),
    'EmployerJobManagementScreen',
  ),
  '/companies': lazyScreen(() => import('../features/companies/screens/admin-companies-screen'), 'AdminCompaniesScreen'),
  '/jobseekerprofile': lazyScreen(() => import('../features/profiles/screens/jobseeker-profile-screen'), 'JobseekerProfileScreen'),
  '/jobseekerprofile/:id': lazyScreen(() => import('../features/profiles/screens/applicant-profile-screen'), 'ApplicantProfileScreen'),
  '/jobseekerapplications': lazyScreen(
    () => import('../features/applications/screens/jobseeker-applications-screen'),
    'JobseekerApplicationsScreen',
  ),
  '/EmployerJobapplicants/:jobId': lazyScreen(
    () => import('../features/applications/screens/employer-applicants-screen'),
    'EmployerApplicantsScreen',
  ),
  '/admin/taxonomy': lazyScreen(() => import('../features/taxonomy/screens/admin-taxonomy-screen'), 'AdminTaxonomyScreen'),
  '/schedule-interview/:applicantId': lazyScreen(
    () => import('../features/interviews/screens/schedule-interview-screen'),
    'ScheduleInterviewScreen',
  ),
  '/EmployerInterviews': lazyScreen(() => import('../features/interviews/screens/employer-interviews-screen'), 'EmployerInterviewsScreen'),
  '/interview-feedback/:interviewId': lazyScreen(
    () => import('../features/interviews/screens/interview-feedback-screen'),
    'InterviewFeedbackScreen',
  ),
  '/admin/audit': lazyScreen(() => import('../features/audit/screens/admin-audit-screen'), 'AdminAuditScreen'),
  '/chat': lazyScreen(chatList, 'JobseekerChatListScreen'),
  '/chat/:roomId': lazyScreen(chatRoom, 'JobseekerChatRoomScreen'),
  '/employer/chat': lazyScreen(chatList, 'EmployerChatListScreen'),
  '/employer/chat/:roomId': lazyScreen(chatRoom, 'EmployerChatRoomScreen'),
  '/chat/:jobseekerId/:employerId': lazyScreen(() => import('../features/chat/screens/chat-pair-screen'), 'ChatPairScreen'),
  '/privacy': lazyScreen(() => import('../features/account/screens/privacy-page-screen'), 'PrivacyPageScreen'),
  '/account/privacy': lazyScreen(() => import('../features/account/screens/account-privacy-screen'), 'AccountPrivacyScreen'),
  '/alerts': alertsScreen,
  '/alerts/:alertId': alertsScreen,
  '/alerts/confirm/:token': lazyScreen(alertLinks, 'AlertConfirmScreen'),
  '/alerts/manage/:token': lazyScreen(alertLinks, 'AlertManageScreen'),
  '/notifications': lazyScreen(() => import('../features/notifications/screens/notifications-screen'), 'NotificationsScreen'),
};

/** The routes of the table that have no screen yet (they would show the fallback screen). */
export const routesWithoutScreen = () => routeTable.filter((route) => !screens[route.path]).map((route) => route.path);

export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = [];
  for (const route of routeTable) {
    const Screen = screens[route.path];
    if (!Screen) continue;
    children.push({
      path: route.path,
      element:
        route.access === 'public' ? (
          <Screen />
        ) : (
          <RequireRole rule={route.access}>
            <Screen />
          </RequireRole>
        ),
    });
  }
  children.push({ path: '*', element: <FallbackScreen /> });
  // A failing screen shows the fallback inside the layout (header kept); a failing layout
  // shows it on its own.
  return [
    {
      element: (
        <ErrorBoundary>
          <AppLayout />
        </ErrorBoundary>
      ),
      children: [
        {
          element: (
            <ErrorBoundary>
              <Outlet />
            </ErrorBoundary>
          ),
          children,
        },
      ],
    },
  ];
}

const appRoutes = buildRoutes();

/** The app's screens, for a <HashRouter> (declarative routing: no data-router APIs). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
