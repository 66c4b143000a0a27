/*
 * The kuser helpers page of an arm process (0xffff0000): not yet written
 * (helper branch a17-sig); the page is empty, so a call there faults.
 */
#include <string.h>

#include "linux-user/arm/arm.h"

void arm_kuser_write(void *page)
{
    memset(page, 0, GUEST_PAGE_SIZE);
}
