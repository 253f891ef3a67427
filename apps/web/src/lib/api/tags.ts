/**
 * The one list of RTK Query cache tags. Every endpoint file (`features/<module>/api/<module>-api.ts`)
 * injects its endpoints into the one API slice and provides or invalidates these; a write in one
 * module often changes what another shows (an approval in the admin area changes the job search),
 * so the tags are declared here once rather than per feature.
 *
 * - Users: the admin's user list
 * - People: the admin's tables of job seekers, employers and recruiters
 * - AdminData: the admin dashboard's figures (any change of people, companies or applications moves them)
 * - Company: an id, 'MINE' (the employer's own), 'LIST' (the admin list)
 * - Job: an id, 'MINE' (the employer's list), 'SEARCH' (public search results)
 * - Taxonomy: 'category' or 'skill'
 * - Application: 'MINE' (the job seeker's list), 'CHECK-{jobId}' (has the job seeker applied?)
 * - Applicants: a job id
 * - SavedJob: 'IDS', 'LIST'
 * - Profile: 'ME', or a job seeker's user id
 * - JobseekerDashboard, EmployerDashboard: 'ME' (matching jobs count as the job seeker's dashboard)
 * - Notifications: the bell's list and the notifications page
 * - Team: a company id (its members and pending invitations)
 * - ChatRooms: the conversation list; ChatRoom: a room id
 * - Interview: an id, 'LIST' (every interview list of the signed-in side)
 * - Feedback: 'LIST' (feedback lists); a job seeker's profile ('Profile') shows the shown items
 * - DataExport: 'LIST' (the caller's data exports)
 * - Notes: an application id (the team's notes on it); Templates: a company id; Timeline: an application id
 * - JobAlert: 'LIST' (the job seeker's alerts), or an alert id (its matches)
 */
export const tagTypes = [
  'Users',
  'People',
  'AdminData',
  'Company',
  'Job',
  'Taxonomy',
  'Application',
  'Applicants',
  'SavedJob',
  'Profile',
  'JobseekerDashboard',
  'EmployerDashboard',
  'Notifications',
  'Audit',
  'Team',
  'ChatRooms',
  'ChatRoom',
  'Interview',
  'Feedback',
  'DataExport',
  'Notes',
  'Templates',
  'Timeline',
  'JobAlert',
] as const;
