import type { ChatMessageOut, ChatRoomOut } from '@jobportal/shared';
import { logoUrl } from '../companies';
import { profileFileUrl } from '../profiles';
import type { MessageRow, RoomRow } from './chat.repository';

export function presentMessage(row: MessageRow): ChatMessageOut {
  return {
    id: row.id,
    room: row.roomId,
    sender: { id: row.senderId, full_name: row.senderName },
    content: row.content,
    client_id: row.clientId,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

export function presentRoom(row: RoomRow): ChatRoomOut {
  return {
    id: row.id,
    jobseeker: {
      id: row.jobseekerId,
      full_name: row.jobseekerName,
      photo: row.jobseekerPhotoId ? profileFileUrl(row.jobseekerId, 'photo', row.jobseekerPhotoId) : null,
    },
    employer: {
      id: row.employerId,
      full_name: row.employerName,
      company: { id: row.companyId, name: row.companyName, logo: logoUrl({ id: row.companyId, logo: row.companyLogo }) },
    },
    job: row.jobId !== null && row.jobTitle !== null ? { id: row.jobId, title: row.jobTitle } : null,
    last_message: row.lastMessage ? presentMessage(row.lastMessage) : null,
    unread_count: row.unreadCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
