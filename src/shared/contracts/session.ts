// The signed-in user as every request and the app shell see it: the session-record user of the spec.

export interface SessionUser {
  _id: string;
  name: string;
  role: 'admin' | 'user';
  admin: boolean;
}
